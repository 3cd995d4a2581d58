export { RefundPolicyPage as Component } from '../../features/legal/routes/refund-policy-page';

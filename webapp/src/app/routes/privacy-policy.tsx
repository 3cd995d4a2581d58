export { PrivacyPolicyPage as Component } from '../../features/legal/routes/privacy-policy-page';

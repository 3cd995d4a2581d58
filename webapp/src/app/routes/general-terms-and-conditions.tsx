export { TermsPage as Component } from '../../features/legal/routes/terms-page';

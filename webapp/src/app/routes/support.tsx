export { SupportPage as Component } from '../../features/support/routes/support-page';

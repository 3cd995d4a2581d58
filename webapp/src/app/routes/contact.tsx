export { ContactPage as Component } from '../../features/contact/routes/contact-page';

export { FaqPage as Component } from '../../features/faq/routes/faq-page';

export { QuotePage } from './routes/quote-page';

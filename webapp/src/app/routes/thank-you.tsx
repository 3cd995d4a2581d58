import { ThankYouPage } from '../../features/checkout/routes/thank-you-page';

export function Component() {
  return <ThankYouPage />;
}

import PaymentConfirmationPage from '../../features/checkout/pages/payment-confirmation-page';
import { WithCheckoutCart } from './checkout-cart';

export default function PaymentConfirmation() {
  return (
    <WithCheckoutCart>
      <PaymentConfirmationPage />
    </WithCheckoutCart>
  );
}

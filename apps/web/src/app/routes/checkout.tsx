import CheckoutPage from '../../features/checkout/pages/checkout-page';
import { WithCheckoutCart } from './checkout-cart';

export default function Checkout() {
  return (
    <WithCheckoutCart>
      <CheckoutPage />
    </WithCheckoutCart>
  );
}

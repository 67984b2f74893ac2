import PaymentPage from '../../features/checkout/pages/payment-page';
import { SandboxCardForm } from '../../features/payments/sandbox/sandbox-card-form';
import { WithCheckoutCart } from './checkout-cart';
import { CryptoPayment, PayPalPayment, StripePayment } from './payment-gateway-components';

const GATEWAY_COMPONENTS = { stripe: StripePayment, paypal: PayPalPayment, coinpayments: CryptoPayment };

/** Checkout's payment step with the payment components and the cart composed in (features do not import each other). */
export default function Payment() {
  return (
    <WithCheckoutCart>
      <PaymentPage CardForm={SandboxCardForm} gatewayComponents={GATEWAY_COMPONENTS} />
    </WithCheckoutCart>
  );
}

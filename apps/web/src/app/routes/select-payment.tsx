import SelectPaymentPage from '../../features/checkout/pages/select-payment-page';
import { PAYMENT_GATEWAYS_IN_BROWSER } from './payment-gateways';

export default function SelectPayment() {
  return <SelectPaymentPage supported={PAYMENT_GATEWAYS_IN_BROWSER} />;
}

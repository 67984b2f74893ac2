import type { GatewayIdValue } from '@app/shared/contracts/payments';

/**
 * The gateways this web app can take a payment with: the sandbox card component and the balance.
 * Stripe, PayPal and CoinPayments join when their browser components are composed in payment.tsx;
 * until then /select-payment does not offer them even if the server has them enabled.
 */
export const PAYMENT_GATEWAYS_IN_BROWSER: readonly GatewayIdValue[] = ['sandbox', 'balance'];

import type { GatewayIdValue } from '@app/shared/contracts/payments';

/**
 * The gateways this web app can take a payment with (each has its component composed in payment.tsx).
 * /select-payment offers those of them the server enables.
 */
export const PAYMENT_GATEWAYS_IN_BROWSER: readonly GatewayIdValue[] = ['sandbox', 'stripe', 'paypal', 'coinpayments', 'balance'];

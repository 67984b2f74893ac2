import { lazy } from 'react';

/**
 * The payment components as lazy chunks: Stripe's loader, the QR code library and the panels load
 * only when checkout shows that payment method, so the first download does not grow. Checkout
 * pages get them from app/ (features do not import each other).
 */
export const StripeCardForm = lazy(() => import('./components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));
export const PayPalButton = lazy(() => import('./components/paypal-button').then((m) => ({ default: m.PayPalButton })));
export const CryptoPaymentPanel = lazy(() => import('./components/crypto-payment-panel').then((m) => ({ default: m.CryptoPaymentPanel })));
export const CoinSelect = lazy(() => import('./components/coin-select').then((m) => ({ default: m.CoinSelect })));

/** 3-D Secure for Stripe, loaded with Stripe.js on demand. */
export const confirmStripeAction = (publishableKey: string, clientSecret: string) =>
  import('./components/stripe-card-form').then((m) => m.confirmStripeAction(publishableKey, clientSecret));

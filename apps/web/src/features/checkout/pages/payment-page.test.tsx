import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../../../test/lazy-contracts';
import type { SavedCardInfo } from '@app/shared/contracts/payments';
import { CheckoutCartProvider } from '../checkout-cart';
import { checkoutStore } from '../checkout-store';
import { ACCESS_TOKEN, gateways, order, payment, savedCard } from '../../../test/checkout-fixtures';
import { renderSignedIn } from '../../../test/render';
import PaymentPage, { type CardFormProps, type GatewayPaymentProps } from './payment-page';

beforeAll(loadLazyContracts);

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => checkoutStore.clear());

const card = (overrides: Partial<SavedCardInfo>) => savedCard({ gateway: 'stripe', ...overrides });

/** The sandbox card form and Stripe's component: this page's seams, not what is under test here. */
function SandboxForm({ submitLabel }: CardFormProps) {
  return <button type="button">{submitLabel} (sandbox form)</button>;
}
function StripeForm({ payment: p }: GatewayPaymentProps) {
  return <p data-testid="stripe-component">{p ? `stripe step for ${p.id}` : 'stripe card form'}</p>;
}

function renderPayment(gateway: 'stripe' | 'sandbox', cards: SavedCardInfo[], paid = payment({ gateway })) {
  const o = order();
  checkoutStore.update({
    order: { id: o.id, number: o.number, total: o.total, currency: o.currency, accessToken: ACCESS_TOKEN, account: 'existing', email: o.email },
    gateway,
    method: 'card',
  });
  return renderSignedIn(
    <CheckoutCartProvider value={{ items: [], clear: () => undefined }}>
      <PaymentPage CardForm={SandboxForm} gatewayComponents={{ stripe: StripeForm }} />
    </CheckoutCartProvider>,
    {
      route: '/payment',
      routes: [{ path: '/payment-confirmation', element: <h1>Paid</h1> }],
      api: {
        'GET /public/payment/gateways': gateways(['sandbox', 'stripe']),
        'GET /subscriber/payment_method': cards,
        [`GET /public/order/${o.id}`]: o,
        'POST /subscriber/payment': paid,
      },
    },
  );
}

describe('/payment with saved cards', () => {
  it('Stripe: offers the saved Stripe card (not the sandbox one) and pays with it by its id', async () => {
    const view = renderPayment('stripe', [card({}), card({ id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', gateway: 'sandbox', last4: '1111' })]);
    expect(await screen.findByRole('radio', { name: /VISA •+ ?4242|4242/ })).toBeTruthy();
    expect(screen.queryByText(/1111/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /pay/i }));
    await screen.findByRole('heading', { name: 'Paid' });
    expect(view.sent('POST /subscriber/payment')[0]?.body).toMatchObject({ gateway: 'stripe', method: 'card', paymentMethodId: card({}).id });
  });

  it('Stripe: "a new card" shows Stripe\'s own form; an expired saved card is not offered', async () => {
    renderPayment('stripe', [card({}), card({ id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', last4: '0005', isExpired: true })]);
    const newCard = await screen.findByRole('radio', { name: /new card/i });
    expect(screen.queryByText(/0005/)).toBeNull();
    expect(screen.queryByTestId('stripe-component')).toBeNull();
    await userEvent.click(newCard);
    expect(screen.getByTestId('stripe-component').textContent).toBe('stripe card form');
  });

  it('Stripe: a saved card that needs 3-D Secure goes to Stripe\'s step for that attempt', async () => {
    const needsAuth = payment({ gateway: 'stripe', status: 'requires_action', nextAction: { type: 'confirm_card', clientSecret: 'pi_1_secret_2' } as never, paidAt: null, orderStatus: 'pending' });
    renderPayment('stripe', [card({})], needsAuth);
    await userEvent.click(await screen.findByRole('button', { name: /pay/i }));
    await waitFor(() => expect(screen.getByTestId('stripe-component').textContent).toBe(`stripe step for ${needsAuth.id}`));
  });

  it('Stripe without saved cards: only Stripe\'s form', async () => {
    renderPayment('stripe', []);
    expect(await screen.findByTestId('stripe-component')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

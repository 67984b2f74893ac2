import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../../test/lazy-contracts';
import { parseSandboxToken } from '@app/shared/rules/sandbox-card';
import { cartStore } from '../../features/cart/cart-store';
import { apiStub, error, type StubHandler } from '../../test/api-stub';
import { publicDetailsFixture, renderRoutes } from '../../test/render';
import { checkoutStore } from '../../features/checkout/checkout-store';
import { logout, setToken } from '../../lib/session';
import { ACCESS_TOKEN, gateways, order, payment } from '../../test/checkout-fixtures';
import Payment from './payment';
import SelectPayment from './select-payment';

beforeAll(loadLazyContracts);

// Typing into forms is slow on a loaded machine; these tests wait on real user events.
vi.setConfig({ testTimeout: 20_000 });

const ORDER = order();

beforeEach(() => {
  checkoutStore.update({
    order: { id: ORDER.id, number: ORDER.number, total: 1000, currency: 'USD', accessToken: ACCESS_TOKEN, account: 'created', email: ORDER.email },
    gateway: 'sandbox',
    method: 'card',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
  checkoutStore.clear();
});

function setup(routes: Record<string, StubHandler | object>, path = '/payment') {
  const stub = apiStub({
    'GET /public/service_provider/public_details': publicDetailsFixture,
    'GET /public/payment/gateways': gateways(['sandbox']),
    [`GET /public/order/${ORDER.id}`]: ORDER,
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const view = renderRoutes(
    [
      { path: 'payment', Component: Payment },
      { path: 'select-payment', Component: SelectPayment },
      { path: 'payment-confirmation', element: <h1>Confirmation page</h1> },
    ],
    path,
  );
  return { ...stub, ...view };
}

async function fillCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '12/30');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
  return user;
}

describe('/payment with the sandbox card', () => {
  it('checks the card in the browser first: a wrong check digit and a past expiry never reach the server', async () => {
    const { sent } = setup({});
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(screen.getByLabelText('Expiry date'), '01/20');
    await user.click(screen.getByRole('button', { name: /pay \$10/i }));
    expect(await screen.findByText(/card number is not valid/i)).toBeTruthy();
    expect(screen.getByText(/this card has expired/i)).toBeTruthy();
    expect(screen.getByText(/enter the security code/i)).toBeTruthy();
    expect(sent('POST /public/payment')).toHaveLength(0);
  });

  it('4242: sends only a token, shows progress, clears the cart and goes to the confirmation', async () => {
    cartStore.add({ _type: 'plan', planId: 'p', priceId: 'q', categoryId: 'c' });
    let release!: () => void;
    const { sent, router } = setup({
      'POST /public/payment': () => new Promise((resolve) => (release = () => resolve(payment()))),
    });
    const user = await fillCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: /pay \$10/i }));
    // In flight: the button is locked and says so; a second click sends nothing.
    const busy = await screen.findByRole('button', { name: /processing/i });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await user.click(busy);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-confirmation'));
    const requests = sent('POST /public/payment');
    expect(requests).toHaveLength(1);
    const body = requests[0]!.body as Record<string, string>;
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(parseSandboxToken(body.cardToken!)).toMatchObject({ outcome: 'ok', expMonth: 12, expYear: 2030 });
    expect(body).toMatchObject({ orderId: ORDER.id, accessToken: ACCESS_TOKEN, gateway: 'sandbox', method: 'card' });
    expect(cartStore.getState().items).toHaveLength(0);
  });

  it('a declined card shows the reason in plain words; Try again with 4242 succeeds with a new request id', async () => {
    const { sent, router } = setup({
      'POST /public/payment': (req) =>
        String((req.body as { cardToken: string }).cardToken).includes('_declined_')
          ? payment({ status: 'failed', outcome: 'failure', failureCode: 'card_declined', orderStatus: 'unpaid' })
          : payment(),
    });
    let user = await fillCard('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: /pay \$10/i }));
    const failure = await screen.findByTestId('payment-failure');
    expect(failure.textContent).toMatch(/declined by your bank/);
    expect(screen.getByRole('link', { name: /another payment method/i })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    user = await fillCard('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: /pay \$10/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-confirmation'));
    const ids = sent('POST /public/payment').map((r) => (r.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('a 402 PAYMENT_DECLINED answer is explained by its reason', async () => {
    setup({ 'POST /public/payment': error(402, 'PAYMENT_DECLINED', 'declined', { reason: 'insufficient_funds' }) });
    const user = await fillCard('4000 0000 0000 9995');
    await user.click(screen.getByRole('button', { name: /pay \$10/i }));
    expect((await screen.findByTestId('payment-failure')).textContent).toMatch(/enough money on this card/);
  });

  it('3220: the confirmation step approves the payment, then the order is confirmed', async () => {
    const PAYMENT_ID = payment().id;
    const { sent, router } = setup({
      'POST /public/payment': payment({ status: 'requires_action', outcome: 'pending', nextAction: { type: 'confirm_card', data: { reference: 'ch_sandbox_abc' } } }),
      'POST /public/payment/sandbox/authenticate/ch_sandbox_abc': { ok: true },
      [`POST /public/payment/${PAYMENT_ID}/confirm`]: payment(),
    });
    const user = await fillCard('4000 0000 0000 3220');
    await user.click(screen.getByRole('button', { name: /pay \$10/i }));
    expect(await screen.findByTestId('payment-confirm-step')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-confirmation'));
    expect(sent('POST /public/payment/sandbox/authenticate/ch_sandbox_abc')[0]!.body).toEqual({ approve: true });
    expect(sent(`POST /public/payment/${PAYMENT_ID}/confirm`)[0]!.body).toEqual({ accessToken: ACCESS_TOKEN });
  });

  it('a reload while the confirmation step waits comes back to it (payment kept under the order key)', async () => {
    const PAYMENT_ID = payment().id;
    checkoutStore.update({ payment: { requestId: '0b7e3f36-0c39-4f59-8d5e-2b7d0f3c1a11', id: PAYMENT_ID, status: 'requires_action' } });
    const { sent } = setup({
      [`GET /public/payment/${PAYMENT_ID}`]: payment({ status: 'requires_action', outcome: 'pending', nextAction: { type: 'confirm_card', data: { reference: 'ch_sandbox_abc' } } }),
    });
    expect(await screen.findByTestId('payment-confirm-step')).toBeTruthy();
    expect(sent(`GET /public/payment/${PAYMENT_ID}`)[0]!.headers['x-order-token']).toBe(ACCESS_TOKEN);
    expect(sent('POST /public/payment')).toHaveLength(0);
  });

  it('a subscriber pays with the default saved card (its id, no card form), or saves a new one', async () => {
    setToken(`e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`, { remember: false });
    const saved = {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
      gateway: 'sandbox',
      brand: 'visa',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
      nameOnCard: null,
      isDefault: true,
      isExpired: false,
      autoRenew: false,
      autoExtend: false,
      autoTopUp: false,
      createdAt: '2026-11-23T12:00:00.000Z',
    };
    try {
      const { sent, router } = setup({ 'GET /subscriber/payment_method': [saved], 'POST /subscriber/payment': payment() });
      const user = userEvent.setup();
      expect(await screen.findByRole('radio', { name: /VISA ending in 4242/ })).toHaveProperty('checked', true);
      expect(screen.queryByLabelText('Card number')).toBeNull();
      await user.click(screen.getByRole('radio', { name: 'Use a new card' }));
      expect(screen.getByLabelText('Card number')).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: 'Save this card for next time' })).toBeTruthy();
      await user.click(screen.getByRole('radio', { name: /VISA ending in 4242/ }));
      await user.click(screen.getByRole('button', { name: /pay \$10/i }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/payment-confirmation'));
      expect(sent('POST /subscriber/payment')[0]!.body).toMatchObject({ paymentMethodId: saved.id, gateway: 'sandbox', method: 'card' });
    } finally {
      logout();
    }
  });

  it('without an order in progress says so', async () => {
    checkoutStore.clear();
    setup({});
    expect(await screen.findByTestId('no-order')).toBeTruthy();
  });
});

describe('/select-payment', () => {
  it('offers only the gateways the server enables (the balance only to subscribers)', async () => {
    const { router } = setup({ 'GET /public/payment/gateways': gateways(['sandbox', 'paypal', 'coinpayments', 'balance']) }, '/select-payment');
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.querySelector('strong')?.textContent)).toEqual(['Card (test gateway)', 'PayPal', 'Cryptocurrency']);
    await userEvent.setup().click(screen.getByRole('radio', { name: /PayPal/ }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/payment');
    expect(checkoutStore.getState()).toMatchObject({ gateway: 'paypal', method: 'wallet' });
  });

  it("with nothing enabled: 'This payment option is not available.'", async () => {
    setup({ 'GET /public/payment/gateways': gateways([]) }, '/select-payment');
    expect((await screen.findByTestId('no-payment-options')).textContent).toBe('This payment option is not available.');
  });
});

describe('/payment with PayPal (by redirect)', () => {
  const PAYMENT_ID = payment().id;
  const APPROVAL = 'https://www.paypal.com/checkoutnow?token=5O190127TN364715T';
  const waiting = payment({ gateway: 'paypal', method: 'wallet', status: 'requires_action', outcome: 'pending', card: null, paidAt: null, orderStatus: 'pending', nextAction: { type: 'redirect', url: APPROVAL } });
  beforeEach(() => checkoutStore.update({ gateway: 'paypal', method: 'wallet' }));

  it('starts the payment with return URLs on /payment and sends the browser to PayPal', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    try {
      const { sent } = setup({ 'GET /public/payment/gateways': gateways(['paypal']), 'POST /public/payment': waiting });
      await userEvent.setup().click(await screen.findByRole('button', { name: /PayPal/ }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVAL));
      expect(sent('POST /public/payment')[0]!.body).toMatchObject({ gateway: 'paypal', method: 'wallet', returnUrl: '/payment?paypal=return', cancelUrl: '/payment?paypal=cancel' });
      expect(checkoutStore.getState().payment).toMatchObject({ id: PAYMENT_ID, status: 'requires_action' });
    } finally {
      assign.mockRestore();
    }
  });

  it('back from PayPal approved: the server captures and the order is confirmed, without a second payment', async () => {
    checkoutStore.update({ payment: { requestId: '0b7e3f36-0c39-4f59-8d5e-2b7d0f3c1a11', id: PAYMENT_ID, status: 'requires_action' } });
    const { sent, router } = setup(
      {
        'GET /public/payment/gateways': gateways(['paypal']),
        [`GET /public/payment/${PAYMENT_ID}`]: waiting,
        [`POST /public/payment/${PAYMENT_ID}/confirm`]: payment({ gateway: 'paypal', method: 'wallet', card: null }),
      },
      '/payment?paypal=return&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-confirmation'));
    expect(sent(`POST /public/payment/${PAYMENT_ID}/confirm`)).toHaveLength(1);
    expect(sent('POST /public/payment')).toHaveLength(0);
  });

  it('canceled at PayPal: the attempt is given up and the page says nothing was charged, with a retry', async () => {
    checkoutStore.update({ payment: { requestId: '0b7e3f36-0c39-4f59-8d5e-2b7d0f3c1a11', id: PAYMENT_ID, status: 'requires_action' } });
    const { sent } = setup(
      {
        'GET /public/payment/gateways': gateways(['paypal']),
        [`GET /public/payment/${PAYMENT_ID}`]: waiting,
        [`POST /public/payment/${PAYMENT_ID}/cancel`]: { ...waiting, status: 'canceled', outcome: 'failure', failureCode: 'canceled', nextAction: null },
      },
      '/payment?paypal=cancel&token=5O190127TN364715T',
    );
    expect((await screen.findByTestId('payment-failure')).textContent).toMatch(/canceled\. Nothing was charged/);
    expect(sent(`POST /public/payment/${PAYMENT_ID}/cancel`)[0]!.body).toEqual({ accessToken: ACCESS_TOKEN });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a reload while PayPal waits offers to continue there or to pay another way', async () => {
    checkoutStore.update({ payment: { requestId: '0b7e3f36-0c39-4f59-8d5e-2b7d0f3c1a11', id: PAYMENT_ID, status: 'requires_action' } });
    const { sent } = setup({
      'GET /public/payment/gateways': gateways(['paypal']),
      [`GET /public/payment/${PAYMENT_ID}`]: waiting,
      [`POST /public/payment/${PAYMENT_ID}/cancel`]: { ...waiting, status: 'canceled', outcome: 'failure', failureCode: 'canceled', nextAction: null },
    });
    expect((await screen.findByRole('link', { name: 'Continue to PayPal' })).getAttribute('href')).toBe(APPROVAL);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay another way' }));
    expect(await screen.findByRole('button', { name: /PayPal/ })).toBeTruthy();
    expect(sent(`POST /public/payment/${PAYMENT_ID}/cancel`)).toHaveLength(1);
    expect(checkoutStore.getState().payment?.status).toBe('canceled');
  });
});

describe('/payment with crypto (CoinPayments)', () => {
  const PAYMENT_ID = payment().id;
  const address = { type: 'show_address' as const, address: 'LTCstandinAddress0001', amount: '0.08333333', coin: 'LTC', expiresAt: new Date(Date.now() + 3600_000).toISOString() };
  const waiting = payment({ gateway: 'coinpayments', method: 'crypto', status: 'requires_action', outcome: 'pending', card: null, paidAt: null, orderStatus: 'pending', nextAction: address });
  beforeEach(() => checkoutStore.update({ gateway: 'coinpayments', method: 'crypto' }));

  it('picks a coin, shows the address and amount, and follows the payment live until it is paid', { timeout: 40_000 }, async () => {
    let reads = 0;
    const { sent, router } = setup({
      'GET /public/payment/gateways': gateways(['coinpayments']),
      'GET /coinpayments/coins': [
        { code: 'BTC', name: 'Bitcoin', rate: '100000.00' },
        { code: 'LTC', name: 'Litecoin', rate: '120.00' },
      ],
      'POST /public/payment': waiting,
      [`GET /public/payment/${PAYMENT_ID}`]: () => {
        reads += 1;
        return reads < 2 ? { ...waiting, status: 'pending', outcome: 'in_process' } : payment({ gateway: 'coinpayments', method: 'crypto', card: null });
      },
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Pay with'), 'LTC');
    await user.click(screen.getByRole('button', { name: /Show the address to pay \$10/ }));
    expect(await screen.findByText('LTCstandinAddress0001')).toBeTruthy();
    expect(sent('POST /public/payment')[0]!.body).toMatchObject({ gateway: 'coinpayments', method: 'crypto', currencyCrypto: 'LTC' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-confirmation'), { timeout: 15_000 });
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});

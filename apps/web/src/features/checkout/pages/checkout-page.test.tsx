import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../../../test/lazy-contracts';
import type { CartItem } from '@app/shared/contracts/cart';
import { CheckoutCartProvider } from '../checkout-cart';
import { apiStub, error } from '../../../test/api-stub';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import { checkoutStore } from '../checkout-store';
import { ACCESS_TOKEN, EXPRESS_ID, PLAN_ID, PRICE_ID, order, quote, usExpress } from '../../../test/checkout-fixtures';
import CheckoutPage from './checkout-page';

// Typing into forms is slow on a loaded machine; these tests wait on real user events.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(loadLazyContracts);

let cartItems: CartItem[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  cartItems = [];
  checkoutStore.clear();
});

const plan = { _type: 'plan', planId: PLAN_ID, priceId: PRICE_ID, categoryId: 'cat-1' } as const;

function setup(routes: Parameters<typeof apiStub>[0]) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const view = renderRoutes(
    [
      {
        path: 'checkout',
        element: (
          <CheckoutCartProvider value={{ items: cartItems, clear: () => undefined }}>
            <CheckoutPage />
          </CheckoutCartProvider>
        ),
      },
      { path: 'select-payment', element: <h1>Select payment</h1> },
    ],
    '/checkout',
  );
  return { ...stub, ...view };
}

describe('/checkout', () => {
  it('with an empty cart says so and points to the plans', async () => {
    setup({});
    expect(await screen.findByTestId('checkout-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: /browse/i })).toBeTruthy();
  });

  it('eSIM only: no shipping section, totals from the server quote, continue makes one order and moves on', async () => {
    cartItems = [{ ...plan, quantity: 1 }];
    let purchases = 0;
    const { sent, router } = setup({
      'POST /public/sim/purchase/price': quote('esim'),
      'POST /public/sim/purchase': async () => {
        purchases += 1;
        // Slow enough for a second click to land while the first is in flight.
        await new Promise((r) => setTimeout(r, 50));
        return { order: order(), accessToken: ACCESS_TOKEN, account: 'created' };
      },
    });
    expect(await screen.findByTestId('esim-only')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).toBeNull();
    expect(screen.getByTestId('summary-total').textContent).toBe('$10');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'visitor@example.com');
    const button = screen.getByRole('button', { name: /continue to payment/i });
    await user.dblClick(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-payment'));
    expect(purchases).toBe(1);
    const [body] = sent('POST /public/sim/purchase').map((r) => r.body as Record<string, unknown>);
    expect(body).toMatchObject({ expectedTotal: 1000, emailAddress: 'visitor@example.com', items: [{ ...plan, quantity: 1 }] });
    expect(body!.shippingAddress).toBeUndefined();
    expect(body!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutStore.getState().order).toMatchObject({ number: 'LW-7F3K9Q', accessToken: ACCESS_TOKEN, account: 'created' });
  });

  it('refer-a-friend: a visitor may give the friend’s e-mail; a malformed one is refused on the field', async () => {
    cartItems = [{ ...plan, quantity: 1 }];
    const { sent, router } = setup({
      'POST /public/sim/purchase/price': quote('esim'),
      'POST /public/sim/purchase': { order: order(), accessToken: ACCESS_TOKEN, account: 'created' },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'visitor@example.com');
    const friend = screen.getByLabelText(/referred by a friend/i);
    await user.type(friend, 'not-an-email');
    await user.click(screen.getByRole('button', { name: /continue to payment/i }));
    expect(friend.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST /public/sim/purchase')).toHaveLength(0);
    await user.clear(friend);
    await user.type(friend, 'friend@example.com');
    await user.click(screen.getByRole('button', { name: /continue to payment/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-payment'));
    expect(sent('POST /public/sim/purchase')[0]!.body).toMatchObject({ emailAddress: 'visitor@example.com', referrerEmail: 'friend@example.com' });
  });

  it('physical SIM: asks for the address, shows the delivery options and re-quotes the chosen one', async () => {
    cartItems = [{ ...plan, quantity: 1 }];
    const { sent } = setup({
      'POST /public/sim/purchase/price': (req) => {
        const body = req.body as { shippingRateId?: string };
        return body.shippingRateId === EXPRESS_ID
          ? quote('physical', { shippingRate: usExpress, shipping: 1500, total: 2600 })
          : quote('physical');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Shipping address' })).toBeTruthy();
    expect(screen.getByTestId('summary-shipping').textContent).toBe('$5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /express/i }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$26'));
    expect(sent('POST /public/sim/purchase/price').at(-1)!.body).toMatchObject({ shippingCountry: 'US', shippingRateId: EXPRESS_ID });

    // Submitting without an address shows the shared schema's field errors, and nothing is bought.
    await user.type(screen.getByLabelText('Email'), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: /continue to payment/i }));
    expect(await screen.findByText('First name is a required field')).toBeTruthy();
    expect(sent('POST /public/sim/purchase')).toHaveLength(0);
  });

  it('a changed price is explained on the page and the quote is asked again', async () => {
    cartItems = [{ ...plan, quantity: 1 }];
    const { sent } = setup({
      'POST /public/sim/purchase/price': quote('esim'),
      'POST /public/sim/purchase': error(409, 'PRICE_CHANGED'),
    });
    const user = userEvent.setup();
    await screen.findByTestId('esim-only');
    await user.type(screen.getByLabelText('Email'), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: /continue to payment/i }));
    expect((await screen.findByTestId('checkout-error')).textContent).toMatch(/price of your order has changed/);
    await waitFor(() => expect(sent('POST /public/sim/purchase/price').length).toBeGreaterThan(1));
  });

  it('an order the SIM inventory cannot cover says which kind ran out and what to choose instead', async () => {
    cartItems = [{ ...plan, quantity: 1 }];
    setup({
      'POST /public/sim/purchase/price': quote('esim'),
      'POST /public/sim/purchase': error(409, 'CART_NOT_SELLABLE', 'Some items are not available', { reason: 'esim_sold_out' }),
    });
    const user = userEvent.setup();
    await screen.findByTestId('esim-only');
    await user.type(screen.getByLabelText('Email'), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: /continue to payment/i }));
    const notice = await screen.findByTestId('checkout-error');
    expect(notice.textContent).toBe('eSIMs are sold out for the moment. Choose a plan with a physical SIM card instead, or try again later.');
    expect(notice.getAttribute('data-code')).toBe('esim_sold_out');
    expect(screen.queryByRole('heading', { name: 'Select payment' })).toBeNull();
  });

  it('a quote the SIM stock cannot cover marks the line, says what ran out and holds the order back', async () => {
    cartItems = [{ ...plan, quantity: 1 }];
    const esimQuote = quote('esim');
    const { sent } = setup({
      'POST /public/sim/purchase/price': { ...esimQuote, lines: esimQuote.lines.map((l) => ({ ...l, problem: 'sold_out' as const })), sellable: false },
    });
    const notice = await screen.findByTestId('unsellable');
    expect(notice.textContent).toBe(
      'eSIMs are sold out for the moment. Choose a plan with a physical SIM card instead, or try again later.' +
        'Remove the items marked sold out from your cart to continue.',
    );
    expect(screen.getByText(/Sold out for the moment/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /continue to payment/i }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent('POST /public/sim/purchase')).toHaveLength(0);
  });
});

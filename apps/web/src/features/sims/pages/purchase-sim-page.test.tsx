import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../../../test/lazy-contracts';
import type { Quote } from '@app/shared/contracts/checkout';
import type { PurchaseResult } from '@app/shared/contracts/orders';
import { error, type StubRequest } from '../../../test/api-stub';
import { ACCESS_TOKEN, order, quote, usExpress, usRate } from '../../../test/checkout-fixtures';
import { renderSignedIn } from '../../../test/render';
import { inactiveEsim, sim } from '../../../test/sim-fixtures';
import { PayOrderContext, type PayOrder } from '../pay-order';
import { PurchaseSimPage, type AddressDefaults } from './purchase-sim-page';

beforeAll(loadLazyContracts);

vi.setConfig({ testTimeout: 20_000 });

const home: AddressDefaults = {
  shippingFirstName: 'Dana',
  shippingLastName: 'Demo',
  shippingPhoneNumber: '+16465550123',
  shippingAddress1: '350 Fifth Avenue',
  shippingCity: 'New York',
  shippingState: 'NY',
  shippingZipcode: '10118',
  shippingCountry: 'US',
};

/** The server's SIM-card quote: 250 a card, the chosen delivery option, no tax. */
function cardQuote(quantity: number, rateId?: string, type: 'sim_card' | 'sim_reorder' = 'sim_card'): Quote {
  const rate = rateId === usExpress.id ? usExpress : usRate;
  const cards = 250 * quantity;
  return quote('physical', {
    lines: [{ key: type, type, name: type === 'sim_card' ? 'SIM card' : 'Replacement SIM card', planId: null, priceId: null, addonId: null, simId: null, sim: 'physical', periodDays: null, unitPrice: 250, quantity, total: cards }],
    subtotal: 0,
    simCardPrice: 250,
    simCards: cards,
    shippingRate: rate,
    shipping: rate.price,
    total: cards + rate.price,
  });
}

const placed = (kind: PurchaseResult['order']['kind'], total: number): PurchaseResult => ({ order: order({ kind, total }), accessToken: ACCESS_TOKEN, account: 'signed_in' });

/**
 * happy-dom leaves a new <select> with no selected index, which react-hook-form 7.92 reads as "edited
 * before ready" and takes the first country from the DOM; a browser selects the default. Choose it.
 */
async function keepUs(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Country'), 'US');
}

function setup(route: string, api: Record<string, object>, addressDefaults: AddressDefaults | undefined = home) {
  const pay = vi.fn<PayOrder>(() => '/select-payment');
  const view = renderSignedIn(
    [
      {
        path: 'dashboard/purchase/sim',
        element: (
          <PayOrderContext.Provider value={pay}>
            <PurchaseSimPage addressDefaults={addressDefaults} />
          </PayOrderContext.Provider>
        ),
      },
      { path: 'select-payment', element: <p>payment step</p> },
    ],
    { route, api },
  );
  return { ...view, pay };
}

const priceOf = (req: StubRequest) => {
  const body = req.body as { quantity?: number; shippingRateId?: string };
  return cardQuote(body.quantity ?? 1, body.shippingRateId, req.path.includes('reorder') ? 'sim_reorder' : 'sim_card');
};

describe('/dashboard/purchase/sim', () => {
  it('prices physical cards on the server (quantity, delivery), then places the order with the total shown and hands over to payment', async () => {
    const { sent, pay, router } = setup('/dashboard/purchase/sim', {
      'POST /subscriber/sim/purchase/sim/price': priceOf,
      'POST /subscriber/sim/purchase/sim': placed('sim_card', 2000),
    });
    const user = userEvent.setup();
    await keepUs(user);
    const summary = await screen.findByTestId('paid-action-summary');
    await waitFor(() => expect(screen.getByTestId('paid-action-total').textContent).toBe('$7.50'));
    expect(within(summary).getByText('SIM card')).toBeTruthy();
    expect(screen.getByLabelText('Address')).toHaveProperty('value', '350 Fifth Avenue');

    await user.selectOptions(screen.getByLabelText('Number of cards'), '2');
    await waitFor(() => expect(screen.getByTestId('paid-action-total').textContent).toBe('$10'));
    await user.click(screen.getByRole('radio', { name: /Express/ }));
    await waitFor(() => expect(screen.getByTestId('paid-action-total').textContent).toBe('$20'));
    const lastPrice = sent('POST /subscriber/sim/purchase/sim/price').at(-1)!;
    expect(lastPrice.body).toEqual({ quantity: 2, shippingCountry: 'US', shippingRateId: usExpress.id });

    await user.click(screen.getByRole('button', { name: 'Continue to payment · $20' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-payment'));
    const [buy] = sent('POST /subscriber/sim/purchase/sim');
    expect(buy!.body).toMatchObject({ quantity: 2, shippingRateId: usExpress.id, expectedTotal: 2000, shippingAddress: { shippingAddress1: '350 Fifth Avenue', shippingZipcode: '10118' } });
    expect((buy!.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ accessToken: ACCESS_TOKEN }), '/dashboard/order-status');
  });

  it('checks the address before placing anything, and says when the price moved', async () => {
    const { sent } = setup(
      '/dashboard/purchase/sim',
      {
        'POST /subscriber/sim/purchase/sim/price': priceOf,
        'POST /subscriber/sim/purchase/sim': error(409, 'PRICE_CHANGED'),
      },
      { ...home, shippingAddress1: '' },
    );
    const user = userEvent.setup();
    await keepUs(user);
    await waitFor(() => expect(screen.getByTestId('paid-action-total').textContent).toBe('$7.50'));
    await user.click(screen.getByRole('button', { name: 'Continue to payment · $7.50' }));
    await waitFor(() => expect(screen.getByLabelText('Address').getAttribute('aria-invalid')).toBe('true'));
    expect(sent('POST /subscriber/sim/purchase/sim')).toHaveLength(0);

    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    const asked = sent('POST /subscriber/sim/purchase/sim/price').length;
    await user.click(screen.getByRole('button', { name: 'Continue to payment · $7.50' }));
    expect((await screen.findByTestId('purchase-sim-problem')).dataset.code).toBe('PRICE_CHANGED');
    await waitFor(() => expect(sent('POST /subscriber/sim/purchase/sim/price').length).toBeGreaterThan(asked));
  });

  it('an eSIM is not a blank card: it leads to the eSIM plans, or to moving a physical SIM’s number', async () => {
    const card = sim({ mdn: '+16465550181' });
    setup('/dashboard/purchase/sim', {
      'POST /subscriber/sim/purchase/sim/price': priceOf,
      'GET /subscriber/sim': { total: 2, data: [card, inactiveEsim()] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /eSIM/ }));
    const panel = await screen.findByTestId('purchase-esim');
    expect(within(panel).getByRole('link', { name: 'Choose an eSIM plan' }).getAttribute('href')).toBe('/plans');
    expect((await within(panel).findByRole('link', { name: 'Move +1 (646) 555-0181 to eSIM' })).getAttribute('href')).toBe(`/dashboard/sim/${card.id}?action=to-esim`);
    expect(screen.queryByTestId('paid-action-summary')).toBeNull();
  });

  it('?replace=<sim>: one replacement card for that SIM, priced and bought through its reorder routes', async () => {
    const card = sim({ mdn: '+16465550181' });
    const { sent, pay, router } = setup(`/dashboard/purchase/sim?replace=${card.id}`, {
      [`GET /subscriber/sim/${card.id}`]: card,
      [`POST /subscriber/sim/${card.id}/reorder/purchase/price`]: (req: StubRequest) => ({ quote: priceOf(req), effect: { action: 'reorder', when: 'now', startsAt: null, expiresAt: null, replacesCurrentPeriod: false, planName: null } }),
      [`POST /subscriber/sim/${card.id}/reorder/purchase`]: placed('sim_reorder', 750),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Replacement SIM card' })).toBeTruthy();
    expect((await screen.findByTestId('replace-steps')).textContent).toContain('Move to a new card');
    await keepUs(user);
    await waitFor(() => expect(screen.getByTestId('paid-action-total').textContent).toBe('$7.50'));
    expect(within(screen.getByTestId('paid-action-summary')).getByText('Replacement SIM card')).toBeTruthy();
    expect(screen.queryByLabelText('Number of cards')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment · $7.50' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-payment'));
    expect(sent(`POST /subscriber/sim/${card.id}/reorder/purchase`)[0]!.body).toMatchObject({ expectedTotal: 750, shippingAddress: { shippingCity: 'New York' } });
    expect(sent(`POST /subscriber/sim/${card.id}/reorder/purchase`)[0]!.body).not.toHaveProperty('quantity');
    expect(pay).toHaveBeenCalledWith(expect.anything(), `/dashboard/sim/${card.id}`);
  });

  it('?replace= an eSIM or a SIM not in the account says so instead of offering a card', async () => {
    const esim = inactiveEsim();
    setup(`/dashboard/purchase/sim?replace=${esim.id}`, { [`GET /subscriber/sim/${esim.id}`]: esim });
    expect((await screen.findByTestId('replace-esim')).textContent).toContain('Reissue the eSIM');
  });
});

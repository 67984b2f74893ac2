import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@app/shared/contracts/checkout';
import type { PurchaseResult } from '@app/shared/contracts/orders';
import type { SimActionEffect } from '@app/shared/contracts/sims';
import { apiStub, error, type StubHandler } from '../../../test/api-stub';
import { ACCESS_TOKEN, order, quote } from '../../../test/checkout-fixtures';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import { sim } from '../../../test/sim-fixtures';
import { PayOrderContext, type PayOrder } from '../pay-order';
import AddOnsPage from './add-ons-page';
import SimDetailPage from './sim-detail-page';
import SimListPage from './sim-list-page';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const ADDON_ID = 'a0000000-0000-4000-8000-00000000000d';
const PLAN_SIM = 'b0000000-0000-4000-8000-000000000001';
const PLAN_ESIM = 'b0000000-0000-4000-8000-000000000002';
const PLAN_OTHER = 'b0000000-0000-4000-8000-000000000003';
const PRICE_90 = 'c0000000-0000-4000-8000-000000000090';

const catalogPlan = (id: string, name: string, type: string) => ({
  id,
  categoryId: 'd0000000-0000-4000-8000-000000000001',
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  description: '',
  isActive: true,
  simSource: { type },
  dataMb: 1024,
  voiceMinutes: 100,
  sms: 100,
  validityDays: 30,
  internationalMinutes: 0,
  unlimitedInternationalCalls: false,
  sortOrder: 1,
});
const categories = [
  {
    id: 'd0000000-0000-4000-8000-000000000001',
    slug: 'paygo',
    name: 'PayGo',
    description: '',
    sortOrder: 1,
    plans: [catalogPlan(PLAN_ESIM, 'PayGo eSIM', 'esim'), catalogPlan(PLAN_SIM, 'PayGo SIM', 'sim_physical'), catalogPlan(PLAN_OTHER, 'Unlimited SIM', 'sim_triple')],
  },
];
const prices = [
  { id: 'c0000000-0000-4000-8000-000000000030', planId: PLAN_SIM, isActive: true, price: 300, periodDays: 30 },
  { id: PRICE_90, planId: PLAN_SIM, isActive: true, price: 850, periodDays: 90 },
  { id: 'c0000000-0000-4000-8000-000000000031', planId: PLAN_ESIM, isActive: true, price: 499, periodDays: 30 },
];

const dataAddOn = { id: ADDON_ID, name: '1 GB Data Boost', description: '', kind: 'data', isActive: true, callMinutes: 0, sms: 0, bandwidth: 1024, price: 500, allowedForPlans: [] };

function actionQuote(total: number, name = '1 GB Data Boost'): Quote {
  return quote('esim', { lines: [{ key: 'a', type: 'addon', name, planId: null, priceId: null, addonId: ADDON_ID, simId: null, sim: null, periodDays: null, unitPrice: total, quantity: 1, total }], subtotal: total, esims: 0, simCardPrice: 0, total });
}

const effect = (over: Partial<SimActionEffect> = {}): SimActionEffect => ({
  action: 'addon',
  when: 'now',
  startsAt: null,
  expiresAt: '2026-12-10T10:00:00.000Z',
  replacesCurrentPeriod: false,
  planName: 'PayGo Plus',
  ...over,
});

const placed = (kind: PurchaseResult['order']['kind']): PurchaseResult => ({ order: order({ kind, total: 500 }), accessToken: ACCESS_TOKEN, account: 'signed_in' });

function setup(path: string, routes: Record<string, StubHandler | object>) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const pay = vi.fn<PayOrder>(() => '/select-payment');
  const wrap = (Page: ComponentType) =>
    function Wrapped() {
      return (
        <PayOrderContext.Provider value={pay}>
          <Page />
        </PayOrderContext.Provider>
      );
    };
  const view = renderRoutes(
    [
      { path: 'dashboard/add-ons', Component: wrap(AddOnsPage) },
      { path: 'dashboard/sim', Component: wrap(SimListPage) },
      { path: 'dashboard/sim/:id', Component: wrap(SimDetailPage) },
      { path: 'select-payment', element: <p>payment step</p> },
    ],
    path,
  );
  return { ...stub, ...view, pay };
}

describe('/dashboard/add-ons', () => {
  it('shows each SIM’s balance and buys an add-on at the server’s total, after a confirmation, through the payment pages', async () => {
    const s = sim();
    const { sent, pay, router } = setup('/dashboard/add-ons', {
      'GET /subscriber/sim': { total: 1, data: [s] },
      'GET /subscriber/add-on_plans': [{ simId: s.id, mdn: s.mdn, addOns: [dataAddOn] }],
      [`POST /subscriber/sim/${s.id}/addons/purchase/price`]: (req) => {
        const qty = (req.body as { items: { quantity: number }[] }).items[0]!.quantity;
        return { quote: actionQuote(523 * qty), effect: effect() };
      },
      [`POST /subscriber/sim/${s.id}/addons/purchase`]: placed('addon'),
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('addons-sim');
    expect(within(card).getByTestId('sim-allowances').textContent).toContain('2 GB left of 5 GB');
    await user.click(within(card).getByRole('button', { name: 'Buy 1 GB Data Boost for +1 (646) 555-0181' }));
    const dialog = await screen.findByRole('dialog');
    // The server's total (tax included), not the list price: the browser adds nothing up.
    await waitFor(() => expect(within(dialog).getByTestId('paid-action-total').textContent).toBe('$5.23'));
    expect(within(dialog).getByTestId('paid-action-effect').textContent).toMatch(/until the plan period ends on Dec 10, 2026/);
    expect(sent(`POST /subscriber/sim/${s.id}/addons/purchase`)).toHaveLength(0);
    // A second one re-prices on the server.
    await user.selectOptions(within(dialog).getByLabelText('Quantity'), '2');
    await waitFor(() => expect(within(dialog).getByTestId('paid-action-total').textContent).toBe('$10.46'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment · $10.46' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-payment'));
    const [purchase] = sent(`POST /subscriber/sim/${s.id}/addons/purchase`);
    expect(purchase!.body).toMatchObject({ items: [{ addonId: ADDON_ID, quantity: 2 }], expectedTotal: 1046 });
    expect((purchase!.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ accessToken: ACCESS_TOKEN }), `/dashboard/add-ons?sim=${s.id}`);
  });

  it('a changed price is said on the dialog and re-quoted; the next confirmation sends the new total', async () => {
    const s = sim();
    let price = 500;
    const { sent } = setup('/dashboard/add-ons', {
      'GET /subscriber/sim': { total: 1, data: [s] },
      'GET /subscriber/add-on_plans': [{ simId: s.id, mdn: s.mdn, addOns: [dataAddOn] }],
      [`POST /subscriber/sim/${s.id}/addons/purchase/price`]: () => ({ quote: actionQuote(price), effect: effect() }),
      [`POST /subscriber/sim/${s.id}/addons/purchase`]: (_req, n) => {
        if (n === 1) {
          price = 700;
          return error(409, 'PRICE_CHANGED');
        }
        return placed('addon');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Buy 1 GB Data Boost/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment · $5' }));
    expect((await within(dialog).findByTestId('paid-action-problem')).getAttribute('data-code')).toBe('PRICE_CHANGED');
    await user.click(await within(dialog).findByRole('button', { name: 'Continue to payment · $7' }));
    await waitFor(() => expect(sent(`POST /subscriber/sim/${s.id}/addons/purchase`)).toHaveLength(2));
    const [first, second] = sent(`POST /subscriber/sim/${s.id}/addons/purchase`);
    expect(second!.body).toMatchObject({ expectedTotal: 700 });
    expect((second!.body as { requestId: string }).requestId).not.toBe((first!.body as { requestId: string }).requestId);
  });

  it('empty: no SIM takes add-ons yet', async () => {
    setup('/dashboard/add-ons', { 'GET /subscriber/sim': { total: 0, data: [] }, 'GET /subscriber/add-on_plans': [] });
    expect((await screen.findByTestId('addons-empty')).textContent).toMatch(/None of your SIMs is active with a plan/);
  });

  it('a plan without add-ons says so in the catalogue’s words', async () => {
    const s = sim();
    setup('/dashboard/add-ons', { 'GET /subscriber/sim': { total: 1, data: [s] }, 'GET /subscriber/add-on_plans': [{ simId: s.id, mdn: s.mdn, addOns: [] }] });
    expect((await screen.findByTestId('addons-none')).textContent).toBe('For the selected plan, there are no available add-ons');
  });
});

describe('SIM detail: plan actions', () => {
  it('renew says the new period starts when the current one ends, before anything is bought', async () => {
    const s = sim();
    const { sent, pay } = setup(`/dashboard/sim/${s.id}`, {
      [`GET /subscriber/sim/${s.id}`]: s,
      [`POST /subscriber/sim/${s.id}/plan/renew/price`]: {
        quote: actionQuote(1299, 'PayGo Plus'),
        effect: effect({ action: 'renew', when: 'end_of_period', startsAt: '2026-12-10T10:00:00.000Z', expiresAt: '2027-01-09T10:00:00.000Z' }),
      },
      [`POST /subscriber/sim/${s.id}/plan/renew`]: placed('renewal'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Renew PayGo Plus?')).toBeTruthy();
    const text = (await within(dialog).findByTestId('paid-action-effect')).textContent;
    expect(text).toMatch(/starts when the current one ends, on Dec 10, 2026, and runs until Jan 9, 2027/);
    expect(sent(`POST /subscriber/sim/${s.id}/plan/renew/price`)[0]!.body).toEqual({ mode: 'renew' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment · $12.99' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(sent(`POST /subscriber/sim/${s.id}/plan/renew`)[0]!.body).toMatchObject({ mode: 'renew', expectedTotal: 1299 });
  });

  it('change plan offers plans for this kind of SIM only, and says it takes effect at once, replacing the current period', async () => {
    const s = sim();
    const { sent } = setup(`/dashboard/sim/${s.id}`, {
      [`GET /subscriber/sim/${s.id}`]: s,
      'GET /public/plan_category': categories,
      'GET /public/plan_pricing': prices,
      [`POST /subscriber/sim/${s.id}/plan/change/price`]: {
        quote: actionQuote(850, 'PayGo SIM'),
        effect: effect({ action: 'change_plan', planName: 'PayGo SIM', startsAt: '2026-11-23T10:00:00.000Z', expiresAt: '2027-02-21T10:00:00.000Z', replacesCurrentPeriod: true }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog');
    const planSelect = await within(dialog).findByLabelText('New plan');
    await waitFor(() => expect(within(planSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a plan', 'PayGo SIM', 'Unlimited SIM']));
    expect(within(dialog).getByTestId('change-choose')).toBeTruthy();
    await user.selectOptions(planSelect, 'PayGo SIM');
    await user.selectOptions(within(dialog).getByLabelText('Period'), PRICE_90);
    expect((await within(dialog).findByTestId('paid-action-effect')).textContent).toMatch(/changes to PayGo SIM as soon as the payment goes through/);
    expect(within(dialog).getByTestId('paid-action-replaces')).toBeTruthy();
    expect(sent(`POST /subscriber/sim/${s.id}/plan/change/price`)[0]!.body).toEqual({ planId: PLAN_SIM, priceId: PRICE_90 });
  });

  it('recovery is offered where the server says the SIM is recoverable, and refused in the catalogue’s words otherwise', async () => {
    const expired = sim({ status: { ...sim().status, status: 'expired', expired: true } });
    setup(`/dashboard/sim/${expired.id}`, {
      [`GET /subscriber/sim/${expired.id}`]: expired,
      [`GET /subscriber/sim/check_recoverability/${expired.id}`]: { recoverable: true, daysSinceExpiry: 29 },
    });
    expect((await screen.findByTestId('sim-recover-help')).textContent).toMatch(/ended 29 days ago/);
    expect(screen.getByTestId('sim-recover')).toBeTruthy();
  });

  it('a SIM expired too long ago shows why it cannot be recovered', async () => {
    const expired = sim({ status: { ...sim().status, status: 'expired', expired: true } });
    setup(`/dashboard/sim/${expired.id}`, {
      [`GET /subscriber/sim/${expired.id}`]: expired,
      [`GET /subscriber/sim/check_recoverability/${expired.id}`]: error(409, 'SIM_IS_EXPIRED_OVER_30_DAYS'),
    });
    const refused = await screen.findByTestId('sim-recover-refused');
    expect(refused.getAttribute('data-code')).toBe('SIM_IS_EXPIRED_OVER_30_DAYS');
    expect(screen.queryByTestId('sim-recover')).toBeNull();
  });

  it('?action=renew (the renewal mail’s link) opens the renewal at once', async () => {
    const s = sim();
    setup(`/dashboard/sim/${s.id}?action=renew`, {
      [`GET /subscriber/sim/${s.id}`]: s,
      [`POST /subscriber/sim/${s.id}/plan/renew/price`]: { quote: actionQuote(1299), effect: effect({ action: 'renew' }) },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Renew PayGo Plus?')).toBeTruthy();
  });
});

describe('account top-up on /dashboard/sim', () => {
  it('checks the amount, then shows the server’s quote and places the order', async () => {
    const { sent, pay } = setup('/dashboard/sim', {
      'GET /subscriber/sim': { total: 0, data: [] },
      'POST /subscriber/top_up/price': (req) => ({
        quote: actionQuote((req.body as { amount: number }).amount, 'Balance top-up'),
        effect: effect({ action: 'top_up', expiresAt: null, planName: null }),
      }),
      'POST /subscriber/top_up': placed('top_up'),
    });
    const user = userEvent.setup();
    const panel = await screen.findByTestId('top-up');
    const amount = within(panel).getByLabelText('Amount (USD)');
    await user.type(amount, '2');
    await user.click(within(panel).getByRole('button', { name: 'Top up' }));
    expect(within(panel).getByText('Must be at least $5')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.clear(amount);
    await user.type(amount, '12.50');
    await user.click(within(panel).getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('paid-action-effect')).textContent).toMatch(/\$12\.50 goes on your account balance/);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment · $12.50' }));
    await waitFor(() => expect(pay).toHaveBeenCalledWith(expect.anything(), '/dashboard/transaction'));
    expect(sent('POST /subscriber/top_up')[0]!.body).toMatchObject({ amount: 1250, expectedTotal: 1250 });
  });
});

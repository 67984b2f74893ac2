import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { error, type StubHandler } from '../../test/api-stub';
import { order } from '../../test/checkout-fixtures';
import { renderSignedIn } from '../../test/render';
import { simFixture } from '../../test/sim-fixtures';
import DashboardHomeRoute from './dashboard-home';

vi.setConfig({ testTimeout: 20_000 });

const emptyLists = {
  'GET /subscriber/sim': { total: 0, data: [] },
  'GET /subscriber/order': { total: 0, page: 1, pageSize: 20, data: [] },
  'GET /subscriber/balance_transaction': { total: 0, page: 1, pageSize: 3, balance: 0, data: [] },
  'GET /subscriber/affiliate': { code: 'ANA-7K4QX2', link: 'http://localhost/ANA-7K4QX2', creditEarned: 0 },
};

function setup(routes: Record<string, StubHandler | object>) {
  return renderSignedIn(<DashboardHomeRoute />, { route: '/dashboard', api: { ...emptyLists, ...routes } });
}

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('/dashboard account overview', () => {
  it('a new account: zero balance and empty states that say what to do next', async () => {
    setup({});
    expect((await screen.findByTestId('dashboard-balance')).textContent).toBe('$0');
    const sims = await screen.findByTestId('overview-sims-empty');
    expect(within(sims).getByRole('link', { name: 'Buy your first plan' }).getAttribute('href')).toBe('/plans');
    expect((await screen.findByTestId('overview-orders-empty')).textContent).toMatch(/No orders in progress/);
    expect(screen.getByTestId('overview-balance-empty')).toBeTruthy();
    expect((await screen.findByTestId('affiliate-code')).textContent).toBe('ANA-7K4QX2');
    expect(screen.getByTestId('affiliate-earned').textContent).toBe('$0');
    // Each section links to its full page.
    expect(within(screen.getByTestId('overview-sims')).getByRole('link', { name: 'All SIMs' }).getAttribute('href')).toBe('/dashboard/sim');
    expect(within(screen.getByTestId('overview-orders')).getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe('/dashboard/order-status');
    expect(within(screen.getByTestId('overview-balance')).getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe('/dashboard/transaction');
  });

  it('lists SIMs soonest expiry first with their badge and one action, orders in progress only, the latest transactions and credit earned', async () => {
    const expired = simFixture({ iccid: '8901260000000090041', mdn: '+16465550184', expiresAt: inDays(-10), status: { ...simFixture().status, status: 'expired', expired: true } });
    const fresh = simFixture({ iccid: '8901260000000090033', mdn: null, activatedAt: null, expiresAt: null, kind: 'esim', status: { ...simFixture().status, status: 'inactive' } });
    const active = simFixture({ iccid: '8901260000000090017', expiresAt: inDays(20) });
    setup({
      'GET /subscriber/sim': { total: 3, data: [active, fresh, expired] },
      'GET /subscriber/order': {
        total: 2,
        page: 1,
        pageSize: 20,
        data: [order({ number: 'LW-SHIP01', status: 'shipped' }), order({ number: 'LW-DONE01', status: 'delivered' })],
      },
      'GET /subscriber/balance_transaction': {
        total: 1,
        page: 1,
        pageSize: 3,
        balance: 1000,
        data: [
          {
            id: crypto.randomUUID(),
            type: 'credit',
            reason: 'referral_bonus',
            amount: 1000,
            balanceAfter: 1000,
            description: 'Referral credit',
            orderId: null,
            createdAt: inDays(-1),
          },
        ],
      },
      'GET /subscriber/affiliate': { code: 'ANA-7K4QX2', link: 'http://localhost/ANA-7K4QX2', creditEarned: 1000 },
    });
    const rows = await screen.findAllByTestId('overview-sim');
    expect(rows.map((r) => r.dataset.sim)).toEqual(['8901260000000090041', '8901260000000090017', '8901260000000090033']);
    expect(rows.map((r) => within(r).getByTestId('sim-status').textContent)).toEqual(['Expired', 'Active', 'Not activated']);
    expect(rows.map((r) => within(r).getByTestId('overview-sim-action').dataset.action)).toEqual(['renew', 'topUp', 'activate']);
    // The number is written once, formatted for its country; the action's name says which SIM.
    expect(within(rows[0]!).getByText('+1 (646) 555-0184', { selector: '.overview-row__title' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Renew +1 (646) 555-0184' })).toBeTruthy();
    expect(within(rows[2]!).getByText('SIM ending 0033', { selector: '.overview-row__title' })).toBeTruthy();

    const orders = await screen.findAllByTestId('overview-order');
    expect(orders).toHaveLength(1);
    expect(within(orders[0]!).getByRole('link', { name: 'Order LW-SHIP01' })).toBeTruthy();

    expect(screen.getByTestId('dashboard-balance').textContent).toBe('$10');
    expect(screen.getAllByTestId('overview-transaction')).toHaveLength(1);
    expect((await screen.findByTestId('affiliate-earned')).textContent).toBe('$10');
  });

  it('a section that fails to load says so with a retry, and the others still show', async () => {
    setup({ 'GET /subscriber/sim': error(500, 'INTERNAL', 'boom') });
    const sims = await screen.findByTestId('overview-sims');
    expect(await within(sims).findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByTestId('overview-orders-empty')).toBeTruthy();
  });
});

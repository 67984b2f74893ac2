import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubHandler } from '../../../test/api-stub';
import { renderSignedIn } from '../../../test/render';
import { payment } from '../../../test/checkout-fixtures';
import PaymentsPage from './payments-page';
import TransactionsPage from './transactions-page';

// Typing into forms is slow on a loaded machine; these tests wait on real user events.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.restoreAllMocks());

function setup(route: string, api: Record<string, StubHandler | object>) {
  const pages = [
    { path: 'dashboard/payment', Component: PaymentsPage },
    { path: 'dashboard/transaction', Component: TransactionsPage },
  ];
  return renderSignedIn(pages, { route, api });
}

describe('/dashboard/payment', () => {
  it('filters by date and type through the API, and exports CSV with formula cells escaped', async () => {
    const rows = [payment({ description: '=HYPERLINK("http://evil","x")' }), payment({ id: '6f8e7a6b-1c2d-4e3f-8a9b-0c1d2e3f4a5b', type: 'credit', outcome: 'success', description: 'Refund, order LW-1' })];
    const { sent } = setup('/dashboard/payment', { 'GET /subscriber/payment': { total: 2, page: 1, pageSize: 20, data: rows } });
    expect(await screen.findAllByTestId('payment-row')).toHaveLength(2);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type'), 'credit');
    const from = screen.getByLabelText('From');
    await user.type(from, '2026-11-01');
    await waitFor(() => expect(sent('GET /subscriber/payment').at(-1)!.search).toMatch(/type=credit/));
    await waitFor(() => expect(sent('GET /subscriber/payment').at(-1)!.search).toMatch(/from=2026-11-01/));

    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blob).toBeDefined());
    const text = (await blob!.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('ID,Date,Description,Gateway,Method,Type,Amount,Currency,Outcome,Paid on');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(lines[2]).toContain('"Refund, order LW-1"');
    expect(sent('GET /subscriber/payment').at(-1)!.search).toMatch(/pageSize=100/);
  });

  it('empty: says where payments come from', async () => {
    setup('/dashboard/payment', { 'GET /subscriber/payment': { total: 0, page: 1, pageSize: 20, data: [] } });
    expect((await screen.findByTestId('payments-empty')).textContent).toMatch(/after your first order/);
  });
});

describe('/dashboard/transaction', () => {
  it('shows the balance and the movements; pages through them', async () => {
    const tx = (i: number) => ({
      id: `0000000${i}-0000-4000-8000-000000000000`,
      type: i % 2 ? 'credit' : 'debit',
      reason: i % 2 ? 'affiliate_commission' : 'order_payment',
      amount: 250,
      balanceAfter: 1000,
      description: `Movement ${i}`,
      orderId: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const { sent } = setup('/dashboard/transaction', {
      'GET /subscriber/balance_transaction': (req) => {
        const page = Number(new URLSearchParams(req.search).get('page') ?? 1);
        return { total: 25, page, pageSize: 20, balance: 1000, data: page === 1 ? [tx(1), tx(2)] : [tx(3)] };
      },
    });
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(2);
    expect(screen.getByTestId('balance').textContent).toBe('$10');
    expect(screen.getByText('Affiliate commission')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
    expect(sent('GET /subscriber/balance_transaction').at(-1)!.search).toMatch(/page=2/);
  });
});

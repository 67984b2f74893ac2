import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HeldAddOn, PortOutDetails } from '@app/shared/contracts/sims';
import { error, type StubRequest } from '../../../test/api-stub';
import { renderSignedIn } from '../../../test/render';
import { inactiveEsim, sim } from '../../../test/sim-fixtures';
import { PayOrderContext } from '../pay-order';
import AddOnsPage from '../pages/add-ons-page';
import SimDetailPage from '../pages/sim-detail-page';

vi.setConfig({ testTimeout: 20_000 });

const pay = () => '/select-payment';

describe('SIM page: moving the number to another carrier', () => {
  it('shows the account number, gives a transfer PIN on request, and a new one only after saying the old one stops working', async () => {
    const s = sim({ mdn: '+16465550181' });
    const base: PortOutDetails = { simId: s.id, number: s.mdn!, accountNumber: 'LW1A2B3C4D5E', pin: null, issuedAt: null, expiresAt: null, expired: false };
    const pins = ['482913', '106274'];
    const { sent } = renderSignedIn(
      [
        {
          path: 'dashboard/sim/:id',
          element: (
            <PayOrderContext.Provider value={pay}>
              <SimDetailPage />
            </PayOrderContext.Provider>
          ),
        },
      ],
      {
        route: `/dashboard/sim/${s.id}`,
        api: {
          [`GET /subscriber/sim/${s.id}`]: s,
          [`GET /subscriber/sim/port/${s.id}/port-out`]: base,
          [`POST /subscriber/sim/port/${s.id}/port-out`]: (_req: StubRequest, n: number) => ({
            ...base,
            pin: pins[n - 1],
            issuedAt: '2026-11-23T10:00:00.000Z',
            expiresAt: '2026-11-30T10:00:00.000Z',
          }),
        },
      },
    );
    const user = userEvent.setup();
    const panel = await screen.findByTestId('port-out');
    // Nothing is fetched until asked.
    expect(sent(`GET /subscriber/sim/port/${s.id}/port-out`)).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Show transfer details' }));
    expect((await within(panel).findByTestId('port-out-account')).textContent).toBe('LW1A2B3C4D5E');
    expect(within(panel).getByTestId('port-out-no-pin').textContent).toContain('No PIN yet');
    await user.click(within(panel).getByRole('button', { name: 'Get a transfer PIN' }));
    expect((await within(panel).findByTestId('port-out-pin')).textContent).toBe('482913');
    expect(panel.textContent).toContain('Valid until');

    await user.click(within(panel).getByRole('button', { name: 'Get a new PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get a new transfer PIN?' });
    expect(dialog.textContent).toContain('The current PIN stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Get a new PIN' }));
    await waitFor(() => expect(within(panel).getByTestId('port-out-pin').textContent).toBe('106274'));
    const [first, second] = sent(`POST /subscriber/sim/port/${s.id}/port-out`);
    expect((first!.body as { requestId: string }).requestId).not.toBe((second!.body as { requestId: string }).requestId);
  });

  it('is not offered for a SIM without a number', async () => {
    const s = inactiveEsim();
    renderSignedIn([{ path: 'dashboard/sim/:id', element: <SimDetailPage /> }], { route: `/dashboard/sim/${s.id}`, api: { [`GET /subscriber/sim/${s.id}`]: s } });
    await screen.findByTestId('sim-detail');
    expect(screen.queryByTestId('port-out')).toBeNull();
  });
});

describe('/dashboard/add-ons: add-ons kept on the account', () => {
  it('lists them with the SIMs whose plan takes them and puts one on the chosen SIM; refusals read from the catalogue', async () => {
    const first = sim({ mdn: '+16465550181' });
    const second = sim({ mdn: '+16465550182' });
    const held: HeldAddOn = {
      id: '20000000-0000-4000-8000-000000000001',
      addOnId: '30000000-0000-4000-8000-000000000001',
      name: '1 GB Data Boost',
      quantity: 2,
      dataMb: 2048,
      voiceMinutes: 0,
      sms: 0,
      allowedForPlans: [first.simPlan!.id],
      status: 'held',
      simId: null,
      activatedAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const { sent } = renderSignedIn(
      [
        {
          path: 'dashboard/add-ons',
          element: (
            <PayOrderContext.Provider value={pay}>
              <AddOnsPage />
            </PayOrderContext.Provider>
          ),
        },
      ],
      {
        route: '/dashboard/add-ons',
        api: {
          'GET /subscriber/sim': { total: 2, data: [first, second] },
          'GET /subscriber/add-on_plans': [],
          'GET /subscriber/add-on_plan/held': [held],
          'POST /subscriber/add-on_plan/activate': (req: StubRequest, n: number) =>
            n === 1 ? error(409, 'ADDON_NOT_FOR_THIS_PLAN') : { addOn: { ...held, status: 'activated', simId: (req.body as { simId: string }).simId }, sim: second },
        },
      },
    );
    const user = userEvent.setup();
    const row = await screen.findByTestId('held-add-on');
    expect(row.textContent).toContain('1 GB Data Boost');
    expect(row.textContent).toContain('2 GB');
    const select = within(row).getByLabelText('SIM') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['+1 (646) 555-0181', '+1 (646) 555-0182']);
    await user.selectOptions(select, second.id);
    await user.click(within(row).getByRole('button', { name: 'Use on this SIM' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('This add-on cannot be used with the plan of the chosen SIM.');
    await user.click(within(row).getByRole('button', { name: 'Use on this SIM' }));
    await waitFor(() => expect(sent('POST /subscriber/add-on_plan/activate')).toHaveLength(2));
    expect(sent('POST /subscriber/add-on_plan/activate')[1]!.body).toEqual({ heldAddOnId: held.id, simId: second.id });
  });
});

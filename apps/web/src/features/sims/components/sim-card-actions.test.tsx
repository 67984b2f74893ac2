import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Quote } from '@app/shared/contracts/checkout';
import type { Sim, SimActionQuote } from '@app/shared/contracts/sims';
import { error, type StubRequest } from '../../../test/api-stub';
import { ACCESS_TOKEN, order, quote } from '../../../test/checkout-fixtures';
import { renderSignedIn } from '../../../test/render';
import { sim } from '../../../test/sim-fixtures';
import { PayOrderContext, type PayOrder } from '../pay-order';
import SimDetailPage from '../pages/sim-detail-page';

vi.setConfig({ testTimeout: 20_000 });

const NEW_CARD = '8901260000000090015';
const USED_CARD = '8901260000000090023';

function refreshQuote(total: number, action: 'refresh' | 'sim_source_change' = 'refresh'): SimActionQuote {
  const q: Quote = quote('esim', {
    lines: [{ key: 'sim_refresh', type: 'sim_refresh', name: 'eSIM reissue', planId: null, priceId: null, addonId: null, simId: null, sim: null, periodDays: null, unitPrice: total, quantity: 1, total }],
    subtotal: total,
    esims: 0,
    simCardPrice: 0,
    total,
  });
  return { quote: q, effect: { action, when: 'now', startsAt: null, expiresAt: null, replacesCurrentPeriod: false, planName: 'PayGo Plus' } };
}

const activeEsim = (matchingId: string, over: Partial<Sim> = {}) =>
  sim({
    kind: 'esim',
    esim: { activationCode: `LPA:1$smdp.sim.libertywave.example$${matchingId}`, smdpAddress: 'smdp.sim.libertywave.example', matchingId, installed: true },
    ...over,
  });

const pending = { id: '10000000-0000-4000-8000-0000000000aa', type: 'refresh', since: '2026-11-23T10:00:00.000Z' };

function setup(route: string, api: Record<string, unknown>) {
  const pay = vi.fn<PayOrder>(() => '/select-payment');
  const view = renderSignedIn(
    [
      {
        path: 'dashboard/sim/:id',
        element: (
          <PayOrderContext.Provider value={pay}>
            <SimDetailPage />
          </PayOrderContext.Provider>
        ),
      },
      { path: 'select-payment', element: <p>payment step</p> },
    ],
    { route, api: api as Record<string, object> },
  );
  return { ...view, pay };
}

describe('SIM page: the card or eSIM behind the number', () => {
  it('reissues an eSIM for free after saying what happens, then shows the new code once the network is done', async () => {
    const before = activeEsim('OLD-PROFILE-0001');
    let current = before;
    const { sent } = setup(`/dashboard/sim/${before.id}`, {
      [`GET /subscriber/sim/${before.id}`]: () => current,
      [`POST /subscriber/sim/${before.id}/refresh/price`]: refreshQuote(0),
      [`POST /subscriber/sim/${before.id}/refresh`]: () => {
        current = { ...before, pendingAction: pending };
        // The network answers a moment later with a new profile.
        setTimeout(() => {
          current = activeEsim('NEW-PROFILE-0002', { id: before.id, esim: { ...activeEsim('NEW-PROFILE-0002').esim!, installed: false } });
        }, 100);
        return { sim: current, purchase: null };
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('esim-code')).textContent).toBe('OLD-PROFILE-0001');
    await user.click(screen.getByRole('button', { name: 'Reissue my eSIM' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The eSIM installed now stops working');
    await waitFor(() => expect(within(dialog).getByTestId('paid-action-total').textContent).toBe('$0'));
    expect(within(dialog).getByText('eSIM reissue')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reissue my eSIM · free' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(`POST /subscriber/sim/${before.id}/refresh`)[0]!.body).toMatchObject({ expectedTotal: 0 });
    expect(await screen.findByTestId('sim-pending')).toBeTruthy();
    // The page polls while the change is on its way (every 3 s), then shows the new code and says so.
    expect((await screen.findByTestId('sim-reissued', {}, { timeout: 8_000 })).textContent).toContain('The previous one no longer works');
    expect(screen.getByTestId('esim-code').textContent).toBe('NEW-PROFILE-0002');
  });

  it('a reissue with a fee goes to checkout’s payment pages instead', async () => {
    const s = activeEsim('OLD-PROFILE-0003');
    const { sent, pay, router } = setup(`/dashboard/sim/${s.id}`, {
      [`GET /subscriber/sim/${s.id}`]: s,
      [`POST /subscriber/sim/${s.id}/refresh/price`]: refreshQuote(500),
      [`POST /subscriber/sim/${s.id}/refresh`]: { sim: s, purchase: { order: order({ kind: 'sim_refresh', total: 500 }), accessToken: ACCESS_TOKEN, account: 'signed_in' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reissue my eSIM' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment · $5' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-payment'));
    expect(sent(`POST /subscriber/sim/${s.id}/refresh`)[0]!.body).toMatchObject({ expectedTotal: 500 });
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ accessToken: ACCESS_TOKEN }), `/dashboard/sim/${s.id}`);
  });

  it('moves a physical SIM’s number onto a new card: the ICCID is checked here, then by the server, at the field', async () => {
    const s = sim();
    const { sent } = setup(`/dashboard/sim/${s.id}`, {
      [`GET /subscriber/sim/${s.id}`]: s,
      [`POST /subscriber/sim/${s.id}/refresh/price`]: (req: StubRequest) =>
        (req.body as { esn?: string }).esn === USED_CARD
          ? error(409, 'SIM_CARD_NOT_AVAILABLE', 'x', { errors: [{ field: 'esn', message: 'x', code: 'SIM_CARD_NOT_AVAILABLE' }] })
          : refreshQuote(0),
      [`POST /subscriber/sim/${s.id}/refresh/esn/activate`]: { sim: { ...s, pendingAction: pending }, purchase: null },
    });
    const user = userEvent.setup();
    expect(screen.queryByTestId('sim-reissued')).toBeNull();
    const panel = await screen.findByTestId('sim-card-actions');
    expect(within(panel).getByRole('link', { name: 'Order a replacement card' }).getAttribute('href')).toBe(`/dashboard/purchase/sim?replace=${s.id}`);
    await user.click(within(panel).getByRole('button', { name: 'Move to a new card' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Number printed on the new card (ICCID)');
    await user.type(field, NEW_CARD.slice(0, -1) + '6');
    await user.click(within(dialog).getByRole('button', { name: 'Check this card' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent(`POST /subscriber/sim/${s.id}/refresh/price`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, USED_CARD);
    await user.click(within(dialog).getByRole('button', { name: 'Check this card' }));
    await waitFor(() => expect(within(dialog).getByText('This SIM card cannot be used. Please check the ICCID printed on the card.')).toBeTruthy());
    expect((within(dialog).getByRole('button', { name: 'Move my number · free' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(field);
    await user.type(field, NEW_CARD.replace(/(\d{4})/g, '$1 '));
    await user.click(within(dialog).getByRole('button', { name: 'Check this card' }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Move my number · free' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: 'Move my number · free' }));
    await waitFor(() => expect(sent(`POST /subscriber/sim/${s.id}/refresh/esn/activate`)).toHaveLength(1));
    expect(sent(`POST /subscriber/sim/${s.id}/refresh/esn/activate`)[0]!.body).toMatchObject({ esn: NEW_CARD, expectedTotal: 0 });
    expect(await screen.findByTestId('sim-pending')).toBeTruthy();
  });

  it('?action=to-esim opens the change to eSIM, which asks its own price and route', async () => {
    const s = sim();
    const { sent } = setup(`/dashboard/sim/${s.id}?action=to-esim`, {
      [`GET /subscriber/sim/${s.id}`]: s,
      [`POST /subscriber/sim/${s.id}/sim_source/change/purchase/price`]: refreshQuote(0, 'sim_source_change'),
      [`POST /subscriber/sim/${s.id}/sim_source/change/purchase`]: { sim: { ...s, pendingAction: pending }, purchase: null },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Change to eSIM' })).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'Change to eSIM · free' }));
    await waitFor(() => expect(sent(`POST /subscriber/sim/${s.id}/sim_source/change/purchase`)).toHaveLength(1));
  });
});

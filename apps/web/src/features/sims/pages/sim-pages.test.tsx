import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, error, type StubHandler } from '../../../test/api-stub';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import { inactiveEsim, sim } from '../../../test/sim-fixtures';
import type { Sim } from '@app/shared/contracts/sims';
import SimDetailPage from './sim-detail-page';
import SimListPage from './sim-list-page';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function setup(path: string, routes: Record<string, StubHandler | object>) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const view = renderRoutes(
    [
      { path: 'dashboard/sim', Component: SimListPage },
      { path: 'dashboard/sim/:id', Component: SimDetailPage },
    ],
    path,
  );
  return { ...stub, ...view };
}

describe('/dashboard/sim', () => {
  it('lists physical SIMs before eSIMs, newest first, each with its state in words and allowances', async () => {
    const older = sim({ createdAt: '2026-01-01T00:00:00.000Z', mdn: '+16465550184' });
    const esim = inactiveEsim({ createdAt: '2026-11-01T00:00:00.000Z' });
    const newer = sim({ createdAt: '2026-06-01T00:00:00.000Z', mdn: '+16465550181' });
    setup('/dashboard/sim', { 'GET /subscriber/sim': { total: 3, data: [esim, older, newer] } });
    const rows = await screen.findAllByTestId('sim-row');
    expect(rows.map((r) => r.getAttribute('data-sim-id'))).toEqual([newer.id, older.id, esim.id]);
    expect(within(rows[0]!).getByRole('link', { name: '+1 (646) 555-0181' }).getAttribute('href')).toBe(`/dashboard/sim/${newer.id}`);
    expect(within(rows[0]!).getByTestId('sim-status').textContent).toBe('Active');
    // 2048 MB left of 5120 MB reads through the shared formatter (decision 100).
    expect(within(rows[0]!).getByTestId('sim-allowances').textContent).toContain('2 GB left of 5 GB');
    expect(within(rows[2]!).getByTestId('sim-status').textContent).toBe('Not activated');
    expect(within(rows[2]!).getByTestId('sim-status-help').textContent).toMatch(/Activate the SIM with your ZIP code/);
    expect(within(rows[2]!).getByText('Number assigned at activation')).toBeTruthy();
  });

  it('empty: offers plans and activation', async () => {
    setup('/dashboard/sim', { 'GET /subscriber/sim': { total: 0, data: [] } });
    const empty = await screen.findByTestId('sims-empty');
    expect(within(empty).getByRole('link', { name: 'Activate a SIM card' }).getAttribute('href')).toBe('/activate');
  });

  it('load failure: says so and retries', async () => {
    const { sent } = setup('/dashboard/sim', { 'GET /subscriber/sim': (_req: unknown, n: number) => (n === 1 ? error(500, 'INTERNAL', 'boom') : { total: 0, data: [] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    await screen.findByTestId('sims-empty');
    expect(sent('GET /subscriber/sim')).toHaveLength(2);
  });
});

describe('/dashboard/sim/:id', () => {
  it('turns auto-renew on only after confirming, and shows the new state', async () => {
    let current: Sim = sim();
    const { sent } = setup(`/dashboard/sim/${current.id}`, {
      [`GET /subscriber/sim/${current.id}`]: () => current,
      [`POST /subscriber/sim/${current.id}/plan/auto_renew/enable`]: () => {
        current = { ...current, autoRenew: true };
        return current;
      },
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Auto-renew' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Turn on auto-renew?')).toBeTruthy();
    expect(sent(`POST /subscriber/sim/${current.id}/plan/auto_renew/enable`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Auto-renew' }).getAttribute('aria-checked')).toBe('true'));
    expect(sent(`POST /subscriber/sim/${current.id}/plan/auto_renew/enable`)).toHaveLength(1);
  });

  it('cancelling the dialog changes nothing', async () => {
    const s = sim({ autoExtend: true });
    const { sent } = setup(`/dashboard/sim/${s.id}`, { [`GET /subscriber/sim/${s.id}`]: s });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Auto-extend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(`POST /subscriber/sim/${s.id}/plan/auto_extend/disable`)).toHaveLength(0);
  });

  it('an inactive eSIM: QR, manual entry, iPhone link, and activation with a ZIP that polls until active', async () => {
    let current: Sim = inactiveEsim();
    const { sent } = setup(`/dashboard/sim/${current.id}`, {
      [`GET /subscriber/sim/${current.id}`]: (_req, n) => {
        // The network answers on the second look after the activation was sent.
        if (current.pendingAction && n >= 3) current = sim({ id: current.id, kind: 'esim', esim: current.esim, mdn: '+16465550190' });
        return current;
      },
      [`POST /subscriber/sim/${current.id}/activate`]: (req) => {
        if ((req.body as { zip: string }).zip === '99999') return error(400, 'INVALID_ZIP', 'Please enter a valid US ZIP code', { errors: [{ field: 'zip', message: 'x' }] });
        current = { ...current, pendingAction: { id: '20000000-0000-4000-8000-000000000001', type: 'activate', since: '2026-11-23T10:00:00.000Z' }, status: { ...current.status, status: 'pending' } };
        return { status: 202, body: current };
      },
    });
    const delivery = await screen.findByTestId('esim-delivery');
    expect(within(delivery).getByTestId('esim-smdp').textContent).toBe('smdp.sim.libertywave.example');
    expect(within(delivery).getByTestId('esim-code').textContent).toBe('DEMO-9003-DANA');
    expect(within(delivery).getByTestId('esim-iphone-link').getAttribute('href')).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.sim.libertywave.example%24DEMO-9003-DANA',
    );
    expect((await within(delivery).findByTestId('esim-qr')).getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    const user = userEvent.setup();
    const zip = within(screen.getByTestId('sim-activate')).getByLabelText('ZIP code');
    await user.click(within(screen.getByTestId('sim-activate')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Please add your ZIP/Postal code first')).toBeTruthy();
    await user.type(zip, '99999');
    await user.click(within(screen.getByTestId('sim-activate')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Please enter a valid US ZIP code')).toBeTruthy();
    await user.clear(zip);
    await user.type(zip, '10118');
    await user.click(within(screen.getByTestId('sim-activate')).getByRole('button', { name: 'Activate' }));
    expect((await screen.findByTestId('sim-pending')).textContent).toMatch(/The activation is on its way/);
    await waitFor(() => expect(screen.getByTestId('sim-status').textContent).toBe('Active'), { timeout: 12_000 });
    expect(screen.queryByTestId('sim-activate')).toBeNull();
    expect(sent(`POST /subscriber/sim/${current.id}/activate`).map((r) => r.body)).toEqual([{ zip: '99999' }, { zip: '10118' }]);
  });

  it('a failed activation says so in the catalogue words, with the note about the money, and offers to retry', async () => {
    const s = inactiveEsim({ problem: { code: 'PROBLEM_WITH_ACTIVATION', message: 'server words', note: 'The payment stays as credit.' } });
    setup(`/dashboard/sim/${s.id}`, { [`GET /subscriber/sim/${s.id}`]: s });
    const problem = await screen.findByTestId('sim-problem');
    expect(problem.textContent).toContain('Looks like you have error activating your SIM. Please contact customer support');
    expect(problem.textContent).toContain('The payment stays as credit.');
    expect(screen.getByRole('button', { name: 'Try the activation again' })).toBeTruthy();
  });

  it("another subscriber's SIM reads as not found", async () => {
    setup('/dashboard/sim/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', {
      'GET /subscriber/sim/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f': error(404, 'SIM_NOT_FOUND'),
    });
    expect((await screen.findByTestId('sim-not-found')).textContent).toMatch(/couldn’t find this SIM/);
  });
});

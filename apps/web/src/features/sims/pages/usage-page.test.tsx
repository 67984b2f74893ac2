import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, type StubHandler } from '../../../test/api-stub';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import { inactiveEsim, sim } from '../../../test/sim-fixtures';
import UsagePage from './usage-page';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function setup(path: string, routes: Record<string, StubHandler | object>) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  return { ...stub, ...renderRoutes([{ path: 'dashboard/usage', Component: UsagePage }], path), user: userEvent.setup() };
}

const today = new Date().toISOString().slice(0, 10);
const record = (day: string, hour: number, dataMb: number) => ({
  bucketStart: `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`,
  dataMb,
  voiceInMinutes: 2,
  voiceOutMinutes: 3,
  voicemailMinutes: 0,
  smsIn: 1,
  smsOut: 1,
  billableUnits: dataMb + 4,
  usageType: 'domestic',
});

describe('/dashboard/usage', () => {
  it('shows a day-by-day chart and table for the chosen SIM, and asks for 30 days when chosen', async () => {
    const s = sim();
    const { sent, user } = setup(`/dashboard/usage?sim=${s.id}`, {
      'GET /subscriber/sim': { total: 2, data: [s, inactiveEsim()] },
      [`GET /subscriber/sim/${s.id}/usage_log`]: { total: 2, data: [record(today, 1, 600), record(today, 7, 700)] },
    });
    const totals = await screen.findByTestId('usage-totals');
    expect(totals.textContent).toContain('1.27 GB');
    expect(totals.textContent).toContain('10 min');
    expect(screen.getAllByTestId('usage-bar')).toHaveLength(7);
    expect(screen.getByRole('img', { name: /Data used per day: 1\.27 GB over 7 days/ })).toBeTruthy();
    const rows = within(screen.getByTestId('usage-days')).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[1]!.textContent).toContain('1.27 GB');
    // The SIM without a number is not offered.
    expect(within(screen.getByLabelText('SIM')).getAllByRole('option')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Period'), '30');
    await waitFor(() => expect(screen.getAllByTestId('usage-bar')).toHaveLength(30));
    const from = new URL(`http://x${sent(`GET /subscriber/sim/${s.id}/usage_log`).at(-1)!.search}`).searchParams.get('from')!;
    // Thirty whole UTC days, today included.
    expect(from).toBe(new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 29 * 86_400_000).toISOString());
  });

  it('empty period and no activated SIM each say so', async () => {
    const s = sim();
    setup('/dashboard/usage', { 'GET /subscriber/sim': { total: 1, data: [s] }, [`GET /subscriber/sim/${s.id}/usage_log`]: { total: 0, data: [] } });
    expect((await screen.findByTestId('usage-empty')).textContent).toMatch(/No calls, texts or data/);
  });

  it('without an activated SIM', async () => {
    setup('/dashboard/usage', { 'GET /subscriber/sim': { total: 1, data: [inactiveEsim()] } });
    expect(await screen.findByTestId('usage-no-sim')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortRequestView } from '@app/shared/contracts/sims';
import { apiStub, error, type StubHandler } from '../../../test/api-stub';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import { port, sim } from '../../../test/sim-fixtures';
import PortInNumberPage from './port-in-number-page';
import PortInPage from './port-in-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function setup(path: string, routes: Record<string, StubHandler | object>) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
  const view = renderRoutes(
    [
      { path: 'dashboard/port-in', Component: PortInPage },
      { path: 'port-in-number', Component: PortInNumberPage },
    ],
    path,
  );
  return { ...stub, ...view, user: userEvent.setup() };
}

const active = sim();

describe('/dashboard/port-in', () => {
  it('a port that needs a fix asks only for the fields to correct, then resubmits just those', async () => {
    let current: PortRequestView = port({ status: 'resolution_required', reason: 'wrong_pin', fieldsToFix: ['pin'] });
    const { sent, user } = setup('/dashboard/port-in', {
      'GET /subscriber/sim': { total: 1, data: [active] },
      'GET /subscriber/sim/port': () => [current],
      [`POST /subscriber/sim/port/${current.id}/resubmit`]: () => {
        current = { ...current, status: 'submitted', reason: null, fieldsToFix: [], submissions: 2 };
        return { status: 202, body: current };
      },
    });
    const row = await screen.findByTestId('port-row');
    expect(within(row).getByTestId('port-status').textContent).toBe('Needs a fix');
    expect(within(row).getByTestId('port-help').textContent).toMatch(/The transfer PIN is not the one your current carrier issued/);
    const form = within(row).getByTestId('port-fix-form');
    expect(form.querySelectorAll('input')).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: 'Send corrections' }));
    expect(await within(form).findByText('Required field')).toBeTruthy();
    await user.type(within(form).getByLabelText('Transfer PIN or passphrase'), '4321');
    await user.click(within(form).getByRole('button', { name: 'Send corrections' }));
    await waitFor(() => expect(within(screen.getByTestId('port-row')).getByTestId('port-status').textContent).toBe('Submitted'));
    expect(sent(`POST /subscriber/sim/port/${current.id}/resubmit`).map((r) => r.body)).toEqual([{ pin: '4321' }]);
    expect(screen.queryByTestId('port-fix-form')).toBeNull();
  });

  it('starts a port-in on the SIM from the link, showing an invalid number at the field', async () => {
    let created: PortRequestView | null = null;
    const { sent, user } = setup(`/dashboard/port-in?sim=${active.id}`, {
      'GET /subscriber/sim': { total: 1, data: [active] },
      'GET /subscriber/sim/port': () => (created ? [created] : []),
      'POST /subscriber/sim/port/activate/to_active_sim': (req) => {
        const body = req.body as { number: string };
        if (body.number === '123') return error(400, 'PORT_NUMBER_INVALID', 'The Phone Number 123 is invalid.');
        created = port({ status: 'submitted', number: '+12125550147' });
        return { status: 202, body: created };
      },
    });
    const form = await screen.findByTestId('port-form');
    await user.type(within(form).getByLabelText('Number to bring'), '123');
    await user.type(within(form).getByLabelText('Account holder’s name'), 'Dana Demo');
    await user.type(within(form).getByLabelText('Account number at your current carrier'), 'ACC-1');
    await user.type(within(form).getByLabelText('Transfer PIN or passphrase'), '1234');
    await user.type(within(form).getByLabelText('Billing address at your current carrier'), '350 Fifth Avenue, New York, NY');
    await user.type(within(form).getByLabelText('Billing ZIP code'), '10118');
    await user.click(within(form).getByRole('button', { name: 'Send port-in request' }));
    expect(await within(form).findByText('The Phone Number 123 is invalid.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Number to bring'));
    await user.type(within(form).getByLabelText('Number to bring'), '+1 212 555 0147');
    await user.click(within(form).getByRole('button', { name: 'Send port-in request' }));
    expect((await screen.findByTestId('port-row')).textContent).toContain('+1 (212) 555-0147');
    expect(sent('POST /subscriber/sim/port/activate/to_active_sim').at(-1)!.body).toMatchObject({ simId: active.id, number: '+1 212 555 0147', zip: '10118' });
  });

  it('cancels only after confirming', async () => {
    let current = port({ status: 'pending' });
    const { sent, user } = setup('/dashboard/port-in', {
      'GET /subscriber/sim': { total: 1, data: [active] },
      'GET /subscriber/sim/port': () => [current],
      'POST /subscriber/sim/port/cancel': () => {
        current = { ...current, status: 'canceled' };
        return current;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel port-in' }));
    const dialog = await screen.findByRole('dialog');
    expect(sent('POST /subscriber/sim/port/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.getByTestId('port-status').textContent).toBe('Canceled'));
    expect(sent('POST /subscriber/sim/port/cancel').map((r) => r.body)).toEqual([{ portId: current.id }]);
  });

  it('without a SIM that can take a number, says what is needed first', async () => {
    setup('/dashboard/port-in', { 'GET /subscriber/sim': { total: 0, data: [] }, 'GET /subscriber/sim/port': [] });
    expect((await screen.findByTestId('port-no-sim')).textContent).toMatch(/you need a SIM with a plan first/);
  });
});

describe('/port-in-number', () => {
  it('checks a number and says whether it can move, in the spec’s words', async () => {
    const { user } = setup('/port-in-number', {
      'POST /public/sim/port/validate': (req) =>
        (req.body as { number: string }).number.includes('555 0100')
          ? error(409, 'PORT_NUMBER_NOT_ELIGIBLE', 'x')
          : { number: '+12125550147', eligible: true },
    });
    await user.type(screen.getByLabelText('Number to bring'), '+1 212 555 0100');
    await user.click(screen.getByRole('button', { name: 'Check number' }));
    expect(await screen.findByText('The number +1 212 555 0100 is either not eligible for port-in or is already in the process of being ported')).toBeTruthy();
    await user.clear(screen.getByLabelText('Number to bring'));
    await user.type(screen.getByLabelText('Number to bring'), '+1 212 555 0147');
    await user.click(screen.getByRole('button', { name: 'Check number' }));
    const ok = await screen.findByTestId('port-eligible');
    expect(ok.textContent).toContain('Good news: +1 (212) 555-0147 can move to us.');
    expect(within(ok).getByRole('link', { name: 'Log in to continue' }).getAttribute('href')).toBe('/dashboard/port-in');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortRequestView, Sim } from '@app/shared/contracts/sims';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

let t: TestApp;
let carol: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ env: SIM_TEST_ENV });
  carol = await signedInSubscriber(t.container, { firstName: 'Carol' });
  const sim = t.container.adapters.carrierSimulator!;
  await sim.addDonorAccount({ mdn: '+13125550142', carrierName: 'Old Mobile', accountNumber: 'ACC-1001', pin: '4321', authorizedName: 'Carol Example', zip: '60602' });
  await sim.addDonorAccount({ mdn: '+13125550143', carrierName: 'Old Mobile', accountNumber: 'ACC-1002', pin: '1111', authorizedName: 'Carol Example', zip: '60602' });
  await sim.addDonorAccount({ mdn: '+13125550199', carrierName: 'Locked Wireless', accountNumber: 'X', pin: 'X', authorizedName: 'X', zip: '60602', portable: false });
});
afterAll(async () => {
  await t?.close();
});

const details = { authorizedName: 'Carol Example', accountNumber: 'ACC-1001', pin: '4321', billingAddress: '233 S Wacker Dr, Chicago, IL', zip: '60602' };

async function portOf(id: string): Promise<PortRequestView> {
  const res = await t.app.inject({ method: 'POST', url: '/subscriber/sim/port/check', headers: carol.auth, payload: { portId: id } });
  expect(res.statusCode).toBe(200);
  return res.json<PortRequestView>();
}

const until = (id: string, status: PortRequestView['status']) =>
  eventually(async () => {
    const p = await portOf(id);
    return p.status === status ? p : undefined;
  }, 10_000, `port ${status}`);

describe('port-in validation (spec §8 messages)', () => {
  it('names an invalid or ineligible number', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/public/sim/port/validate', payload: { number: '555-12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'PORT_NUMBER_INVALID', message: 'The Phone Number 555-12 is invalid.' });
    const locked = await t.app.inject({ method: 'POST', url: '/public/sim/port/validate', payload: { number: '(312) 555-0199' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'PORT_NUMBER_NOT_ELIGIBLE',
      message: 'The number +13125550199 is either not eligible for port-in or is already in the process of being ported',
    });
    const ok = await t.app.inject({ method: 'POST', url: '/subscriber/sim/port/validate', headers: carol.auth, payload: { number: '1 312 555 0142' } });
    expect(ok.json()).toEqual({ number: '+13125550142', eligible: true });
  });
});

describe('port-in to a new SIM', () => {
  it('needs a fix, is resubmitted, and completes with the number on the SIM', async () => {
    const { sim } = await createPaidSim(t.container, carol.id);
    const start = await t.app.inject({
      method: 'POST',
      url: '/subscriber/sim/port/activate/to_inactive_sim',
      headers: carol.auth,
      payload: { ...details, simId: sim.id, number: '+13125550142', accountNumber: 'ACC-9999' },
    });
    expect(start.statusCode).toBe(202);
    const port = start.json<PortRequestView>();
    expect(port).toMatchObject({ status: 'submitted', number: '+13125550142', mode: 'to_inactive_sim', fieldsToFix: [] });
    expect(port).not.toHaveProperty('pin');

    // While it moves, the number cannot be ported a second time.
    const twice = await t.app.inject({ method: 'POST', url: '/subscriber/sim/port/validate', headers: carol.auth, payload: { number: '+13125550142' } });
    expect(twice.json().code).toBe('PORT_NUMBER_NOT_ELIGIBLE');

    const stuck = await until(port.id, 'resolution_required');
    expect(stuck).toMatchObject({ reason: 'account_number_mismatch', fieldsToFix: ['accountNumber'] });
    const simNow = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}`, headers: carol.auth })).json<Sim>();
    expect(simNow.status.status).toBe('inactive');

    const fixed = await t.app.inject({ method: 'POST', url: `/subscriber/sim/port/${port.id}/resubmit`, headers: carol.auth, payload: { accountNumber: 'ACC-1001' } });
    expect(fixed.statusCode).toBe(202);
    expect(fixed.json()).toMatchObject({ status: 'submitted', submissions: 2, accountNumber: 'ACC-1001' });
    const done = await until(port.id, 'completed');
    expect(done.reason).toBeNull();
    const active = await eventually(async () => {
      const s = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}`, headers: carol.auth })).json<Sim>();
      return s.status.status === 'active' ? s : undefined;
    });
    expect(active.mdn).toBe('+13125550142');
    // Resubmitting a finished port is refused.
    const again = await t.app.inject({ method: 'POST', url: `/subscriber/sim/port/${port.id}/resubmit`, headers: carol.auth, payload: { pin: '0000' } });
    expect(again.json().code).toBe('PORT_NOT_RESUBMITTABLE');
    const list = (await t.app.inject({ method: 'GET', url: '/subscriber/sim/port', headers: carol.auth })).json<PortRequestView[]>();
    expect(list.map((p) => p.id)).toContain(port.id);
  });

  it('can be canceled while it waits for a correction', async () => {
    const { sim } = await createPaidSim(t.container, carol.id);
    const start = await t.app.inject({
      method: 'POST',
      url: '/subscriber/sim/port/activate/to_inactive_sim',
      headers: carol.auth,
      payload: { ...details, simId: sim.id, number: '+13125550143', pin: '9999', accountNumber: 'ACC-1002' },
    });
    const port = start.json<PortRequestView>();
    expect(await until(port.id, 'resolution_required')).toMatchObject({ reason: 'wrong_pin', fieldsToFix: ['pin'] });
    const cancel = await t.app.inject({ method: 'POST', url: '/subscriber/sim/port/cancel', headers: carol.auth, payload: { portId: port.id } });
    expect(cancel.json()).toMatchObject({ status: 'canceled' });
    const late = await t.app.inject({ method: 'POST', url: '/subscriber/sim/port/cancel', headers: carol.auth, payload: { portId: port.id } });
    expect(late.json().code).toBe('PORT_NOT_CANCELABLE');
    // Another subscriber sees nothing of it.
    const dave = await signedInSubscriber(t.container);
    const theirs = await t.app.inject({ method: 'POST', url: '/subscriber/sim/port/check', headers: dave.auth, payload: { portId: port.id } });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('port-in to an active SIM', () => {
  it('replaces the number once the donor agrees', async () => {
    const { sim } = await createPaidSim(t.container, carol.id);
    await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: carol.auth, payload: { zip: '60602' } });
    const before = await eventually(async () => {
      const s = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}`, headers: carol.auth })).json<Sim>();
      return s.status.status === 'active' ? s : undefined;
    });
    const start = await t.app.inject({
      method: 'POST',
      url: '/subscriber/sim/port/activate/to_active_sim',
      headers: carol.auth,
      payload: { ...details, simId: sim.id, number: '+17735550100' },
    });
    expect(start.statusCode).toBe(202);
    await until(start.json<PortRequestView>().id, 'completed');
    const after = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}`, headers: carol.auth })).json<Sim>();
    expect(after.mdn).toBe('+17735550100');
    expect(after.mdn).not.toBe(before.mdn);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/shared/errors';
import type { Sim } from '@app/shared/contracts/sims';
import { simTransactions } from '../../db/schema/carrier-sim.js';
import { carrierActions, simPlanPeriods, sims } from '../../db/schema/sims.js';
import { createPaidSim, eventually, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ env: { ...SIM_TEST_ENV, CARRIER_RETRY_LIMIT: '2' } });
  alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
  bob = await signedInSubscriber(t.container, { firstName: 'Bob' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => simulator().clearFaults());

const simulator = () => t.container.adapters.carrierSimulator!;

async function getSim(who: SignedIn, id: string): Promise<Sim> {
  const res = await t.app.inject({ method: 'GET', url: `/subscriber/sim/${id}`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json<Sim>();
}

async function activateAndWait(who: SignedIn, id: string, zip = '10001'): Promise<Sim> {
  const res = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${id}/activate`, headers: who.auth, payload: { zip } });
  expect(res.statusCode).toBe(202);
  return eventually(async () => {
    const s = await getSim(who, id);
    return s.status.status === 'active' ? s : undefined;
  }, 10_000, 'activation');
}

describe('SIM list', () => {
  it('lists physical SIMs before eSIMs, newest first, with paging and derived status', async () => {
    const who = await signedInSubscriber(t.container);
    const e1 = await createPaidSim(t.container, who.id, { kind: 'esim' });
    const p1 = await createPaidSim(t.container, who.id, { kind: 'physical' });
    const p2 = await createPaidSim(t.container, who.id, { kind: 'physical' });
    const res = await t.app.inject({ method: 'GET', url: '/subscriber/sim?limit=2', headers: who.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total: number; data: Sim[] }>();
    expect(body.total).toBe(3);
    expect(body.data.map((s) => s.id)).toEqual([p2.sim.id, p1.sim.id]);
    const page2 = (await t.app.inject({ method: 'GET', url: '/subscriber/sim?limit=2&page=2', headers: who.auth })).json<{ data: Sim[] }>();
    expect(page2.data.map((s) => s.id)).toEqual([e1.sim.id]);
    const esim = page2.data[0]!;
    // Paid, not yet activated: the plan exists but has not started.
    expect(esim.status.status).toBe('inactive');
    expect(esim.simPlanStatus).toBe('plan_inactive');
    expect(esim.esim?.activationCode).toMatch(/^LPA:1\$smdp\.sim\.libertywave\.example\$[A-Z0-9-]+$/);
    expect(esim.sourceDetails.providerDetails.totalData).toBe(e1.plan.dataMb);
  });
});

describe('activation', () => {
  it('refuses a missing, malformed or non-US ZIP', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    const missing = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'ZIP_REQUIRED', message: 'Please add your ZIP/Postal code first' });
    const malformed = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: { zip: '1234' } });
    expect(malformed.json()).toMatchObject({ code: 'INVALID_ZIP', errors: [{ field: 'zip', message: 'Must be 5 digits only' }] });
    const nowhere = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: { zip: '00000' } });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({ code: 'INVALID_ZIP' });
    // Nothing was recorded for the network.
    const actions = await t.db.select().from(carrierActions).where(eq(carrierActions.simId, sim.id));
    expect(actions).toHaveLength(0);
    expect((await getSim(alice, sim.id)).status.status).toBe('inactive');
  });

  it('goes pending, then active with a number near the ZIP and a started plan', async () => {
    const { sim, plan } = await createPaidSim(t.container, alice.id, { kind: 'esim' });
    const res = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: { zip: '60602' } });
    expect(res.statusCode).toBe(202);
    expect(res.json<Sim>().status.status).toBe('pending');
    // A repeat while it is on its way changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: { zip: '60602' } });
    expect(again.statusCode).toBe(202);
    const active = await eventually(async () => {
      const s = await getSim(alice, sim.id);
      return s.status.status === 'active' ? s : undefined;
    });
    // Chicago ZIP → an Illinois area code.
    expect(active.mdn).toMatch(/^\+1(217|309|312|618|630|708|773|847)\d{7}$/);
    expect(active.simSubscription.planSubscription?.plan.id).toBe(plan.id);
    const expires = new Date(active.simSubscription.planSubscription!.expiresAt!).getTime();
    expect(expires - Date.now()).toBeGreaterThan((plan.validityDays - 1) * 86_400_000);
    expect(active.zip).toBe('60602');
    const actions = await t.db.select().from(carrierActions).where(eq(carrierActions.simId, sim.id));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: 'activate', status: 'completed' });
  });

  it('answers for someone else’s SIM exactly as for a missing one', async () => {
    const { sim } = await createPaidSim(t.container, bob.id);
    const missingId = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '/activate', { zip: '10001' }],
      ['POST', '/pwg/wfc', { enabled: false }],
      ['GET', '/usage_log', undefined],
      ['POST', '/plan/auto_renew/enable', undefined],
    ] as const) {
      const theirs = await t.app.inject({ method, url: `/subscriber/sim/${sim.id}${path}`, headers: alice.auth, ...(payload ? { payload } : {}) });
      const none = await t.app.inject({ method, url: `/subscriber/sim/${missingId}${path}`, headers: alice.auth, ...(payload ? { payload } : {}) });
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.body).toBe(none.body);
    }
    const recover = await t.app.inject({ method: 'GET', url: `/subscriber/sim/check_recoverability/${sim.id}`, headers: alice.auth });
    expect(recover.json()).toEqual({ code: 'SIM_NOT_FOUND', message: ERRORS.SIM_NOT_FOUND.message });
    expect((await getSim(bob, sim.id)).status.status).toBe('inactive');
  });

  it('survives a carrier timeout and a lost callback: pending, then active once', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    simulator().injectFault({ operation: 'submit', requestType: 'activate', mode: 'timeout' });
    simulator().injectFault({ operation: 'callback', requestType: 'activate', mode: 'lost_callback' });
    const res = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: { zip: '10001' } });
    expect(res.statusCode).toBe(202);
    expect((await getSim(alice, sim.id)).status.status).toBe('pending');
    const active = await eventually(async () => {
      const s = await getSim(alice, sim.id);
      return s.status.status === 'active' ? s : undefined;
    }, 15_000, 'activation after timeout and lost callback');
    expect(active.mdn).toMatch(/^\+1(212|315|347|516|518|585|607|631|646|716|718|845|914|917)\d{7}$/);
    const [action] = await t.db.select().from(carrierActions).where(eq(carrierActions.simId, sim.id));
    expect(action).toMatchObject({ status: 'completed' });
    expect(action!.attempts).toBeGreaterThanOrEqual(2);
    // One request at the carrier, however many sends.
    const txs = await t.db.select().from(simTransactions).where(eq(simTransactions.iccid, sim.iccid));
    expect(txs).toHaveLength(1);
    expect(txs[0]!.callbacksSent).toBe(0);
  });

  it('reports PROBLEM_WITH_ACTIVATION only after the retries are exhausted', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    simulator().injectFault({ operation: 'submit', requestType: 'activate', mode: 'error', times: 3 });
    await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/activate`, headers: alice.auth, payload: { zip: '10001' } });
    // Still pending after the first failure…
    await eventually(async () => {
      const [a] = await t.db.select().from(carrierActions).where(eq(carrierActions.simId, sim.id));
      return a && a.attempts >= 1;
    });
    const mid = await getSim(alice, sim.id);
    expect(mid.status.status).toBe('pending');
    expect(mid.problem).toBeNull();
    // …then, after 1 + 2 attempts, the problem with the spec's text.
    const failed = await eventually(async () => {
      const s = await getSim(alice, sim.id);
      return s.problem ? s : undefined;
    }, 15_000, 'retries to run out');
    expect(failed.problem).toMatchObject({ code: 'PROBLEM_WITH_ACTIVATION', message: 'Looks like you have error activating your SIM. Please contact customer support' });
    expect(failed.status.status).toBe('inactive');
    // The plan is still paid: activation can be tried again.
    simulator().clearFaults();
    const again = await activateAndWait(alice, sim.id);
    expect(again.problem).toBeNull();
  });
});

describe('recovery eligibility', () => {
  it('is open 29 days after expiry and closed at 31 (spec §8, §9)', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    const url = `/subscriber/sim/check_recoverability/${sim.id}`;
    const inactive = await t.app.inject({ method: 'GET', url, headers: alice.auth });
    expect(inactive.json()).toMatchObject({ code: 'SIM_NOT_ACTIVE_OR_EXPIRED' });
    await activateAndWait(alice, sim.id);
    const inUse = await t.app.inject({ method: 'GET', url, headers: alice.auth });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'SIM_IS_IN_USE' });

    const expireDaysAgo = (days: number) =>
      t.db
        .update(simPlanPeriods)
        .set({ expiresAt: new Date(Date.now() - days * 86_400_000 - 60_000) })
        .where(eq(simPlanPeriods.simId, sim.id));
    await expireDaysAgo(29);
    const day29 = await t.app.inject({ method: 'GET', url, headers: alice.auth });
    expect(day29.statusCode).toBe(200);
    expect(day29.json()).toEqual({ recoverable: true, daysSinceExpiry: 29 });
    expect((await getSim(alice, sim.id)).status).toMatchObject({ status: 'expired', expired: true });

    await expireDaysAgo(31);
    const day31 = await t.app.inject({ method: 'GET', url, headers: alice.auth });
    expect(day31.statusCode).toBe(409);
    expect(day31.json()).toEqual({ code: 'SIM_IS_EXPIRED_OVER_30_DAYS', message: ERRORS.SIM_IS_EXPIRED_OVER_30_DAYS.message });
  });
});

describe('Wi-Fi calling', () => {
  it('needs a validated 911 address, then turns on', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    await activateAndWait(alice, sim.id, '94103');
    const url = `/subscriber/sim/${sim.id}/pwg/wfc`;
    const noAddress = await t.app.inject({ method: 'POST', url, headers: alice.auth, payload: { enabled: true } });
    expect(noAddress.json()).toMatchObject({ code: 'E911_ADDRESS_REQUIRED' });
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: alice.auth,
      payload: { enabled: true, address: { street: 'Market Street', city: 'San Francisco', state: 'NY', zip: '94103' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('E911_ADDRESS_INVALID');
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['address.street', 'address.zip']);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: alice.auth,
      payload: { enabled: true, address: { street: '1355  Market Street', unit: 'Suite 900', city: 'San Francisco', state: 'ca', zip: '94103' } },
    });
    expect(ok.statusCode).toBe(202);
    const on = await eventually(async () => {
      const s = await getSim(alice, sim.id);
      return s.wifiCalling ? s : undefined;
    });
    expect(on.e911Address).toEqual({ street: '1355 Market Street', unit: 'Suite 900', city: 'San Francisco', state: 'CA', zip: '94103' });
  });
});

describe('auto-renew and auto-extend switches', () => {
  it('turn on and off per SIM', async () => {
    const { sim } = await createPaidSim(t.container, alice.id);
    const on = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/plan/auto_renew/enable`, headers: alice.auth });
    expect(on.json<Sim>().autoRenew).toBe(true);
    const ext = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/plan/auto_extend/enable`, headers: alice.auth });
    expect(ext.json<Sim>()).toMatchObject({ autoRenew: true, autoExtend: true });
    const off = await t.app.inject({ method: 'POST', url: `/subscriber/sim/${sim.id}/plan/auto_renew/disable`, headers: alice.auth });
    expect(off.json<Sim>()).toMatchObject({ autoRenew: false, autoExtend: true });
  });
});

describe('usage', () => {
  it('accrues at the carrier, is copied to us, and runs the balance down', async () => {
    const { sim, plan } = await createPaidSim(t.container, alice.id);
    await activateAndWait(alice, sim.id);
    await simulator().tick();
    await simulator().tick(new Date(Date.now() + 3_600_000));
    await t.services.sims.syncFromCarrier();
    const log = await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}/usage_log`, headers: alice.auth });
    expect(log.statusCode).toBe(200);
    const body = log.json<{ total: number; data: Array<{ dataMb: number; bucketStart: string }> }>();
    expect(body.total).toBe(2);
    expect(new Date(body.data[0]!.bucketStart).getTime()).toBeGreaterThan(new Date(body.data[1]!.bucketStart).getTime());
    const used = body.data.reduce((n, r) => n + r.dataMb, 0);
    const s = await getSim(alice, sim.id);
    expect(s.balance.data).toBe(plan.dataMb! - used);
    expect(s.usageBalance.data).toBe(used);
    // A second copy adds nothing twice.
    await t.services.sims.syncFromCarrier();
    const again = (await t.app.inject({ method: 'GET', url: `/subscriber/sim/${sim.id}/usage_log`, headers: alice.auth })).json<{ total: number }>();
    expect(again.total).toBe(2);
    const [row] = await t.db.select().from(sims).where(eq(sims.id, sim.id));
    expect(row!.usageCursor).not.toBeNull();
  });
});

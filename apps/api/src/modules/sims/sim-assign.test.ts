import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simAssignResultSchema, simListSchema } from '@app/shared/contracts/sims';
import { makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { sims } from '../../db/schema/sims.js';
import { createPaidSim, signedInSubscriber, type SignedIn } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

/**
 * POST /subscriber/sim/:id/assign, as /dashboard/add-sims calls it once per line: a SIM sold with a
 * plan and in no account joins the caller's account (by ICCID or ESN); the answer says whether it was
 * added or already there; someone else's SIM reads as a missing one; a blank card says it has no plan.
 */

const assign = (t: TestApp, who: SignedIn | null, number: string) =>
  t.app.inject({ method: 'POST', url: `/subscriber/sim/${encodeURIComponent(number)}/assign`, headers: who?.auth ?? {} });

describe('assign a SIM to the account', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...SIM_TEST_ENV, SIM_ASSIGN_MISSES: '5/1h' } });
    alice = await signedInSubscriber(t.container, { firstName: 'Alice' });
    bob = await signedInSubscriber(t.container, { firstName: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a SIM in no account by its ICCID (spaces allowed), then answers "already yours" and changes nothing', async () => {
    const { sim } = await createPaidSim(t.container, null, { kind: 'physical' });
    const spaced = sim.iccid.replace(/(\d{4})/g, '$1 ').trim();
    const first = await assign(t, alice, spaced);
    expect(first.statusCode, first.body).toBe(200);
    const added = simAssignResultSchema.parse(first.json());
    expect(added.outcome).toBe('assigned');
    expect(added.sim).toMatchObject({ id: sim.id, iccid: sim.iccid });
    expect(added.sim.status.status).toBe('inactive');

    const again = simAssignResultSchema.parse((await assign(t, alice, sim.iccid)).json());
    expect(again.outcome).toBe('already_yours');
    const list = simListSchema.parse((await t.app.inject({ method: 'GET', url: '/subscriber/sim', headers: alice.auth })).json());
    expect(list.data.filter((s) => s.id === sim.id)).toHaveLength(1);
  });

  it('finds a SIM by the ESN printed on it, whatever the case', async () => {
    // Inventory hands out any unsold card, so the ESN is written on the one this SIM got (as the supplier's file would).
    const { sim } = await createPaidSim(t.container, null, { kind: 'physical' });
    const esn = `A${randomInt(0x1000000, 0xfffffff).toString(16).toUpperCase()}`;
    await t.db.update(sims).set({ esn }).where(eq(sims.id, sim.id));
    const res = await assign(t, alice, esn.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(simAssignResultSchema.parse(res.json())).toMatchObject({ outcome: 'assigned', sim: { id: sim.id } });
  });

  it("someone else's SIM answers 404 exactly like an unknown number, and stays theirs", async () => {
    const { sim } = await createPaidSim(t.container, bob.id, { kind: 'esim' });
    const theirs = await assign(t, alice, sim.iccid);
    const unknown = await assign(t, alice, makeIccid(BigInt(randomInt(1, 2 ** 40)), '999'));
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json()).toMatchObject({ code: 'SIM_NOT_FOUND' });
    const bobs = simListSchema.parse((await t.app.inject({ method: 'GET', url: '/subscriber/sim', headers: bob.auth })).json());
    expect(bobs.data.map((s) => s.id)).toContain(sim.id);
  });

  it('a blank card from the network’s stock says it has no plan (409), not that it is unknown', async () => {
    const iccid = makeIccid(BigInt(randomInt(1, 2 ** 40)));
    await t.container.adapters.carrier.importInventory([{ iccid, kind: 'physical' }]);
    const res = await assign(t, alice, iccid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SIM_CARD_HAS_NO_PLAN' });
  });

  it('an account that enters too many numbers it cannot add is refused (429) until the window ends, even for a right one; other accounts are not', async () => {
    const mallory = await signedInSubscriber(t.container, { firstName: 'Mallory' });
    const { sim: theirs } = await createPaidSim(t.container, bob.id, { kind: 'esim' });
    const { sim: unsold } = await createPaidSim(t.container, null, { kind: 'physical' });
    // Five wrong numbers (unknown ones and someone else's) answer as usual: the limit is 5 in this app.
    const wrong = [theirs.iccid, ...Array.from({ length: 4 }, () => makeIccid(BigInt(randomInt(1, 2 ** 40)), '999'))];
    for (const number of wrong) expect((await assign(t, mallory, number)).statusCode).toBe(404);
    // The sixth try, a card nobody owns yet, is refused without being looked up, and stays unowned.
    const refused = await assign(t, mallory, unsold.iccid);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const [row] = await t.db.select({ subscriberId: sims.subscriberId }).from(sims).where(eq(sims.id, unsold.id));
    expect(row?.subscriberId).toBeNull();
    // Adding is per account: Alice, under her own limit, adds that card.
    const alices = await assign(t, alice, unsold.iccid);
    expect(alices.statusCode, alices.body).toBe(200);
    expect(simAssignResultSchema.parse(alices.json()).outcome).toBe('assigned');
  });

  it('refuses what is not a SIM number (400 with a field code), and a visitor (401)', async () => {
    const good = makeIccid(123n);
    const badCheck = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    for (const bad of [badCheck, 'hello12', '123456789']) {
      const res = await assign(t, alice, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'id', code: 'invalid' }] });
    }
    const visitor = await assign(t, null, good);
    expect(visitor.statusCode).toBe(401);
  });
});

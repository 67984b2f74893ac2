import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sims } from '../../db/schema/sims.js';
import { createPaidSim, eventually, signedInSubscriber } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { SIM_TEST_ENV } from './test-env.js';

/**
 * The public look-up as /activate follows it (decision 174): activatable → pending → active, and the
 * new number only for an hour after the activation.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: SIM_TEST_ENV });
});
afterAll(async () => t?.close());

const lookup = async (iccid: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/public/sim/lookup?iccid=${iccid}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ availability: string; phoneNumber: string | null; planName: string | null }>();
};

describe('GET /public/sim/lookup during a public activation', () => {
  it('tells pending from active and shows the number only right after activation', async () => {
    const who = await signedInSubscriber(t.container);
    const { sim, plan } = await createPaidSim(t.container, who.id, { kind: 'physical' });
    expect(await lookup(sim.iccid)).toMatchObject({ availability: 'activatable', phoneNumber: null, planName: plan.name });

    const started = await t.app.inject({ method: 'POST', url: `/public/sim/${sim.iccid}/activate`, payload: { zip: '10001' } });
    expect(started.statusCode).toBe(202);
    const seen = await lookup(sim.iccid);
    // Either still on its way or already answered: never "active" without the number.
    expect(['pending', 'active']).toContain(seen.availability);

    const done = await eventually(async () => {
      const l = await lookup(sim.iccid);
      return l.availability === 'active' ? l : undefined;
    }, 10_000, 'activation');
    const [row] = await t.db.select().from(sims).where(eq(sims.id, sim.id));
    expect(done.phoneNumber).toBe(row!.mdn);
    expect(done.phoneNumber).toMatch(/^\+1\d{10}$/);

    // Two hours later the ICCID no longer tells the number.
    await t.db.update(sims).set({ activatedAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(sims.id, sim.id));
    expect(await lookup(sim.iccid)).toMatchObject({ availability: 'active', phoneNumber: null });
  });
});

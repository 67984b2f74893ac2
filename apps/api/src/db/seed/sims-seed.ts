import { eq, inArray } from 'drizzle-orm';
import { lpaString, makeIccid } from '../../adapters/carrier/simulator/simulator.js';
import { hashPassword } from '../../modules/accounts/passwords.js';
import { subscribers } from '../schema/accounts.js';
import { plans } from '../schema/catalogue.js';
import { donorAccounts, simInventory, simUsage } from '../schema/carrier-sim.js';
import { simPlanPeriods, sims, usageRecords } from '../schema/sims.js';
import type { Tx } from './catalogue-seed.js';

/**
 * Demo SIMs: the simulator's inventory (SIM cards and eSIM profiles to sell) and a demo subscriber
 * with a few SIMs in different states: a physical SIM in use with a week of usage, an installed eSIM,
 * an eSIM paid and waiting for activation, and a physical SIM expired ten days ago (recoverable).
 * Idempotent: natural keys (ICCID, e-mail) and ON CONFLICT DO NOTHING; nothing is added for a demo
 * subscriber that already has SIMs.
 */

export const DEMO_EMAIL = 'demo@libertywave.example';
export const DEMO_PASSWORD = 'Demo-Liberty-Wave-2026';
const SMDP = 'smdp.sim.libertywave.example';
const STOCK = 40;
const DAY = 86_400_000;

export async function seedSims(tx: Tx): Promise<{ inventory: number; sims: number }> {
  // Inventory: serials 1..STOCK physical, STOCK+1..2*STOCK eSIM profiles (issuer 260 = demo stock).
  const stock = Array.from({ length: STOCK * 2 }, (_, i) => {
    const kind = i < STOCK ? ('physical' as const) : ('esim' as const);
    return {
      iccid: makeIccid(i + 1, '260'),
      kind,
      smdpAddress: kind === 'esim' ? SMDP : null,
      matchingId: kind === 'esim' ? `DEMO-${String(i + 1).padStart(4, '0')}-STOCK` : null,
    };
  });
  const inventory = (await tx.insert(simInventory).values(stock).onConflictDoNothing().returning({ iccid: simInventory.iccid })).length;
  // A number at another carrier for the demo's port-in (decision 162): the simulator asks for a fix
  // when the account number, PIN, name or ZIP quoted differs from these, and completes the port otherwise.
  await tx
    .insert(donorAccounts)
    .values({ mdn: '+12125550147', carrierName: 'Old Mobile', accountNumber: 'OM-20461', pin: '2468', authorizedName: 'Dana Demo', zip: '10118' })
    .onConflictDoNothing();

  const [existing] = await tx.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, DEMO_EMAIL)).limit(1);
  const subscriberId =
    existing?.id ??
    (
      await tx
        .insert(subscribers)
        .values({
          email: DEMO_EMAIL,
          emailVerifiedAt: new Date(),
          passwordHash: await hashPassword(DEMO_PASSWORD),
          passwordChangedAt: new Date(),
          firstName: 'Dana',
          lastName: 'Demo',
          phone: '+16465550123',
          country: 'US',
          city: 'New York',
          state: 'NY',
          zipcode: '10118',
          shippingAddress1: '350 Fifth Avenue',
          locale: 'en',
        })
        .onConflictDoNothing()
        .returning({ id: subscribers.id })
    )[0]?.id;
  if (!subscriberId) return { inventory, sims: 0 };
  const owned = await tx.select({ id: sims.id }).from(sims).where(eq(sims.subscriberId, subscriberId)).limit(1);
  if (owned.length) return { inventory, sims: 0 };

  const planRows = await tx
    .select()
    .from(plans)
    .where(inArray(plans.code, ['paygo-plus-sim', 'paygo-max-esim', 'paygo-starter-esim', 'paygo-starter-sim']));
  const plan = (code: string) => planRows.find((p) => p.code === code);
  const now = Date.now();
  const demo = [
    { serial: 9001, kind: 'physical' as const, plan: plan('paygo-plus-sim'), state: 'active' as const, mdn: '+16465550181', startedDaysAgo: 12, zip: '10118', usage: true },
    { serial: 9002, kind: 'esim' as const, plan: plan('paygo-max-esim'), state: 'active' as const, mdn: '+16465550182', startedDaysAgo: 3, zip: '10118', usage: false },
    { serial: 9003, kind: 'esim' as const, plan: plan('paygo-starter-esim'), state: 'reserved' as const, mdn: null, startedDaysAgo: null, zip: null, usage: false },
    { serial: 9004, kind: 'physical' as const, plan: plan('paygo-starter-sim'), state: 'expired' as const, mdn: '+16465550184', startedDaysAgo: 40, zip: '10001', usage: false },
  ];
  let added = 0;
  for (const [i, d] of demo.entries()) {
    if (!d.plan) continue;
    const iccid = makeIccid(d.serial, '260');
    const matchingId = d.kind === 'esim' ? `DEMO-${d.serial}-DANA` : null;
    const started = d.startedDaysAgo === null ? null : new Date(now - d.startedDaysAgo * DAY);
    const expires = started ? new Date(started.getTime() + d.plan.validityDays * DAY) : null;
    // A week of hourly-ish usage for the SIM in use (one record every six hours).
    const records = d.usage
      ? Array.from({ length: 28 }, (_, k) => ({
          bucketStart: new Date(Math.floor((now - (28 - k) * 6 * 3_600_000) / 3_600_000) * 3_600_000),
          dataMb: 12 + ((k * 37) % 45),
          voiceInMinutes: (k * 7) % 9,
          voiceOutMinutes: (k * 5) % 11,
          voicemailMinutes: k % 7 === 0 ? 1 : 0,
          smsIn: (k * 3) % 5,
          smsOut: (k * 2) % 4,
        }))
      : [];
    const usedData = records.reduce((n, r) => n + r.dataMb, 0);
    const usedVoice = records.reduce((n, r) => n + r.voiceOutMinutes, 0);
    const usedSms = records.reduce((n, r) => n + r.smsOut, 0);
    const left = (quota: number | null, used: number) => (quota === null ? null : Math.max(0, quota - used));
    const remaining = { dataMb: left(d.plan.dataMb, usedData), voiceMinutes: left(d.plan.voiceMinutes, usedVoice), sms: left(d.plan.sms, usedSms) };

    await tx
      .insert(simInventory)
      .values({
        iccid,
        kind: d.kind,
        smdpAddress: d.kind === 'esim' ? SMDP : null,
        matchingId,
        state: d.state,
        reservedFor: `demo-${d.serial}`,
        mdn: d.mdn,
        zip: d.zip,
        planCode: d.plan.id,
        planDays: d.plan.validityDays,
        planStartedAt: started,
        planExpiresAt: expires,
        ...remaining,
        profileInstalledAt: d.kind === 'esim' && d.state === 'active' ? new Date(now - 2 * DAY) : null,
      })
      .onConflictDoNothing();
    const [sim] = await tx
      .insert(sims)
      .values({
        subscriberId,
        kind: d.kind,
        iccid,
        mdn: d.mdn,
        planId: d.plan.id,
        status: d.state === 'reserved' ? 'inactive' : d.state,
        zip: d.zip,
        activatedAt: started,
        activationCode: matchingId ? lpaString(SMDP, matchingId) : null,
        profileInstalledAt: d.kind === 'esim' && d.state === 'active' ? new Date(now - 2 * DAY) : null,
        remainingDataMb: remaining.dataMb,
        remainingVoiceMinutes: remaining.voiceMinutes,
        remainingSms: remaining.sms,
        balancesAt: started ? new Date(now) : null,
        autoRenew: i === 0,
        // Older SIMs first, so the list's newest-first order is visible.
        createdAt: new Date(now - (40 - i) * DAY),
      })
      .onConflictDoNothing()
      .returning();
    if (!sim) continue;
    added++;
    await tx.insert(simPlanPeriods).values({
      simId: sim.id,
      planId: d.plan.id,
      source: 'purchase',
      status: started ? 'active' : 'scheduled',
      days: d.plan.validityDays,
      startsAt: started,
      expiresAt: expires,
      dataMb: d.plan.dataMb,
      voiceMinutes: d.plan.voiceMinutes,
      sms: d.plan.sms,
    });
    if (records.length) {
      const carrierRows = await tx
        .insert(simUsage)
        .values(records.map((r) => ({ iccid, ...r, billableUnits: r.dataMb + r.voiceOutMinutes + r.smsOut, usageType: 'domestic' })))
        .returning({ id: simUsage.id });
      await tx.insert(usageRecords).values(
        records.map((r, k) => ({
          simId: sim.id,
          carrierRecordId: String(carrierRows[k]!.id),
          ...r,
          billableUnits: r.dataMb + r.voiceOutMinutes + r.smsOut,
          usageType: 'domestic',
        })),
      );
      await tx.update(sims).set({ usageCursor: String(carrierRows[carrierRows.length - 1]!.id) }).where(eq(sims.id, sim.id));
    }
  }
  return { inventory, sims: added };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberAffiliateSchema } from '@app/shared/contracts/affiliate';
import { signedInSubscriber } from '../../test/fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { creditBalance, debitBalance } from '../checkout/ledger.js';
import { newAffiliateCode } from './resellers.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getAffiliate = (auth?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/subscriber/affiliate', headers: auth ?? {} });

describe('GET /subscriber/affiliate', () => {
  it('gives a signed-in subscriber one code of their own, the same on every request, with a link carrying it', async () => {
    const me = await signedInSubscriber(t.container, { firstName: 'María' });
    const first = await getAffiliate(me.auth);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = subscriberAffiliateSchema.parse(first.json());
    expect(body.code).toMatch(/^MARIA-[A-HJ-NP-Z2-9]{6}$/);
    expect(new URL(body.link).pathname).toBe(`/${body.code}`);

    const again = subscriberAffiliateSchema.parse((await getAffiliate(me.auth)).json());
    expect(again).toEqual(body);
  });

  it('makes exactly one code when the first requests arrive together', async () => {
    const me = await signedInSubscriber(t.container, { firstName: 'Parallel' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => getAffiliate(me.auth)));
    const codes = new Set(answers.map((r) => subscriberAffiliateSchema.parse(r.json()).code));
    expect(codes.size).toBe(1);
    const { rows } = await t.container.pool.query(
      'select count(*)::int as n from reseller_accounts where subscriber_id = $1',
      [me.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('gives different subscribers different codes', async () => {
    const a = await signedInSubscriber(t.container, { firstName: 'Same' });
    const b = await signedInSubscriber(t.container, { firstName: 'Same' });
    const codeA = subscriberAffiliateSchema.parse((await getAffiliate(a.auth)).json()).code;
    const codeB = subscriberAffiliateSchema.parse((await getAffiliate(b.auth)).json()).code;
    expect(codeA).not.toBe(codeB);
  });

  it('is a valid reseller code for the public check, so the link works for visitors', async () => {
    const me = await signedInSubscriber(t.container, { firstName: 'Sharer' });
    const { code } = subscriberAffiliateSchema.parse((await getAffiliate(me.auth)).json());
    const check = await t.app.inject({ method: 'GET', url: `/public/utility/is_valid_reseller_code?code=${code.toLowerCase()}` });
    expect(check.json()).toEqual({ valid: true, code });
  });

  it('reports the credit the program earned: commission and referral bonuses, less reversals, not other money', async () => {
    const me = await signedInSubscriber(t.container, { firstName: 'Earner' });
    expect(subscriberAffiliateSchema.parse((await getAffiliate(me.auth)).json()).creditEarned).toBe(0);
    const db = t.container.db;
    const entry = { subscriberId: me.id, description: 'test' };
    await creditBalance(db, { ...entry, amount: 450, reason: 'affiliate_commission', sourceKey: `affiliate:test-a-${me.id}` });
    await creditBalance(db, { ...entry, amount: 1000, reason: 'referral_bonus', sourceKey: `referral:test-${me.id}` });
    await creditBalance(db, { ...entry, amount: 2000, reason: 'top_up', sourceKey: `topup:test-${me.id}` });
    await creditBalance(db, { ...entry, amount: 300, reason: 'affiliate_commission', sourceKey: `affiliate:test-b-${me.id}` });
    await debitBalance(db, { ...entry, amount: 300, reason: 'reversal', sourceKey: `reversal:affiliate:test-b-${me.id}` });
    await debitBalance(db, { ...entry, amount: 500, reason: 'order_payment', sourceKey: `order:test-${me.id}` });
    const body = subscriberAffiliateSchema.parse((await getAffiliate(me.auth)).json());
    expect(body.creditEarned).toBe(1450);
  });

  it('answers 401 without a session', async () => {
    const res = await getAffiliate();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('affiliate code shape', () => {
  it('starts with the first name in plain letters, or AF when there are too few', () => {
    expect(newAffiliateCode('Zoë')).toMatch(/^ZOE-[A-HJ-NP-Z2-9]{6}$/);
    expect(newAffiliateCode('Jean-Christophe')).toMatch(/^JEANCHRI-/);
    expect(newAffiliateCode('李')).toMatch(/^AF-[A-HJ-NP-Z2-9]{6}$/);
    for (let i = 0; i < 50; i++) expect(newAffiliateCode('Test')).toMatch(/^[A-Z0-9-]{3,32}$/);
  });
});

import { eq, and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema } from '@app/shared/contracts/checkout';
import { orderSchema, purchaseResultSchema, type PurchaseResult } from '@app/shared/contracts/orders';
import { invoiceSchema } from '@app/shared/contracts/invoices';
import { balanceTransactionListSchema, gatewayListSchema, paymentSchema, savedCardListSchema } from '@app/shared/contracts/payments';
import { apiErrorSchema } from '@app/shared/contracts/errors';
import type { CartItem } from '@app/shared/contracts/cart';
import { signSandboxEvent, SANDBOX_SIGNATURE_HEADER } from '../../adapters/payments/sandbox/sandbox-gateway.js';
import { subscribers } from '../../db/schema/accounts.js';
import { resellers } from '../../db/schema/catalogue.js';
import { gatewayEvents, invoices, orderLines, orders, payments, resellerAccounts, sandboxCharges } from '../../db/schema/checkout.js';
import { sims } from '../../db/schema/sims.js';
import { eventually, signedInSubscriber, uniqueEmail, type SignedIn } from '../../test/fixtures.js';
import { addOnWithPlan, addOnItem, address, card, newId, pickPlans, planItem, type PickedPlan } from '../../test/checkout-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const WEBHOOK_SECRET = 'sandbox-test-webhook-secret-0123456789';
let t: TestApp;
let plans: { physical: PickedPlan[]; esim: PickedPlan[] };

beforeAll(async () => {
  t = await buildTestApp({
    env: { TAX_RATE_BPS: '825', SURCHARGE_BPS: '300', SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMENT_GATEWAYS: 'sandbox,balance' },
  });
  plans = await pickPlans(t.container);
});
afterAll(async () => {
  await t?.close();
});

const physical = () => plans.physical[0] as PickedPlan;
const esim = () => plans.esim[0] as PickedPlan;

async function quote(items: CartItem[], extra: object = {}, auth?: SignedIn) {
  return t.app.inject({
    method: 'POST',
    url: `${auth ? '/subscriber' : '/public'}/sim/purchase/price`,
    headers: auth?.auth ?? {},
    payload: { items, ...extra },
  });
}

async function buy(items: CartItem[], opts: { auth?: SignedIn; email?: string; country?: string; extra?: object; expectedTotal?: number } = {}) {
  const q = quoteSchema.parse((await quote(items, opts.country ? { shippingCountry: opts.country } : {}, opts.auth)).json());
  const res = await t.app.inject({
    method: 'POST',
    url: `${opts.auth ? '/subscriber' : '/public'}/sim/purchase`,
    headers: opts.auth?.auth ?? {},
    payload: {
      items,
      expectedTotal: opts.expectedTotal ?? q.total,
      requestId: newId(),
      ...(opts.auth ? {} : { emailAddress: opts.email ?? uniqueEmail('buyer') }),
      ...(q.needsShipping ? { shippingAddress: address(opts.country ?? 'US') } : {}),
      ...opts.extra,
    },
  });
  return res;
}

async function bought(items: CartItem[], opts: Parameters<typeof buy>[1] = {}): Promise<PurchaseResult> {
  const res = await buy(items, opts);
  expect(res.statusCode, res.body).toBe(200);
  return purchaseResultSchema.parse(res.json());
}

function pay(p: PurchaseResult, body: object, auth?: SignedIn) {
  return t.app.inject({
    method: 'POST',
    url: auth ? '/subscriber/payment' : '/public/payment',
    headers: auth?.auth ?? {},
    payload: { orderId: p.order.id, gateway: 'sandbox', method: 'card', requestId: newId(), ...(auth ? {} : { accessToken: p.accessToken }), ...body },
  });
}

async function paidOrder(items: CartItem[], opts: Parameters<typeof buy>[1] = {}) {
  const p = await bought(items, opts);
  const res = await pay(p, { cardToken: card('ok') }, opts.auth);
  expect(res.statusCode, res.body).toBe(200);
  expect(paymentSchema.parse(res.json()).status).toBe('succeeded');
  return p;
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('quotes', () => {
  it('prices a physical SIM with the SIM card, the cheapest US shipping, tax and surcharge', async () => {
    const p = physical();
    const res = await quote([planItem(p, 2)]);
    expect(res.statusCode, res.body).toBe(200);
    const q = quoteSchema.parse(res.json());
    expect(q.needsShipping).toBe(true);
    expect(q.physicalSims).toBe(2);
    expect(q.simCards).toBe(2 * 100);
    expect(q.shippingRate?.country).toBe('US');
    expect(q.shipping).toBe(Math.min(...q.shippingOptions.map((o) => o.price)));
    expect(q.subtotal).toBe(p.price * 2);
    expect(q.tax).toBe(Math.floor(((q.subtotal + q.simCards) * 825 + 5000) / 10000));
    expect(q.surcharge).toBe(Math.floor((q.subtotal * 300 + 5000) / 10000));
    expect(q.total).toBe(q.subtotal + q.simCards + q.shipping + q.tax + q.surcharge);
  });

  it('prices an eSIM-only order without shipping or SIM card, and refuses a foreign destination for it', async () => {
    const q = quoteSchema.parse((await quote([planItem(esim())])).json());
    expect(q.needsShipping).toBe(false);
    expect(q.shipping).toBe(0);
    expect(q.simCards).toBe(0);
    expect(q.shippingOptions).toEqual([]);
    const abroad = await quote([planItem(esim())], { shippingCountry: 'DE' });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json()).toMatchObject({ code: 'SIM_MUST_SHIP_OUTSIDE_US', message: 'You must have at least one SIM shipped outside US' });
  });

  it('prices a mixed order (physical + eSIM + add-on) with one shipping charge', async () => {
    const { addOn: a, plan: e } = await addOnWithPlan(t.container, 'esim');
    const q = quoteSchema.parse((await quote([planItem(physical()), planItem(e), addOnItem(a.id, e, 2)])).json());
    expect(q.lines.map((l) => l.type)).toEqual(['plan', 'plan', 'addon']);
    expect(q.physicalSims).toBe(1);
    expect(q.esims).toBe(1);
    expect(q.subtotal).toBe(physical().price + e.price + a.price * 2);
    expect(q.sellable).toBe(true);
  });

  it('prices international shipping, and answers "No available shipper" where nobody ships', async () => {
    const de = quoteSchema.parse((await quote([planItem(physical())], { shippingCountry: 'DE' })).json());
    expect(de.shippingRate?.country).toBe('DE');
    expect(de.shipping).toBeGreaterThan(0);
    const cu = await quote([planItem(physical())], { shippingCountry: 'CU' });
    expect(cu.statusCode).toBe(404);
    expect(cu.json()).toMatchObject({ code: 'NO_AVAILABLE_SHIPPER', message: 'No available shipper' });
  });
});

describe('purchases', () => {
  it('refuses a tampered total and creates nothing', async () => {
    const email = uniqueEmail('tamper');
    const q = quoteSchema.parse((await quote([planItem(esim())])).json());
    const res = await buy([planItem(esim())], { email, expectedTotal: q.total - 1 });
    expect(res.statusCode, res.body).toBe(409);
    expect(apiErrorSchema.parse(res.json()).code).toBe('PRICE_CHANGED');
    expect(await t.db.select().from(subscribers).where(eq(subscribers.email, email))).toHaveLength(0);
  });

  it('needs a valid address for physical SIMs', async () => {
    const q = quoteSchema.parse((await quote([planItem(physical())])).json());
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/sim/purchase',
      payload: { items: [planItem(physical())], expectedTotal: q.total, requestId: newId(), emailAddress: uniqueEmail('noaddr') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_SHIPPING_ADDRESS',
      message: 'The provided shipping address is invalid or incomplete. Please review the address details and try again.',
    });
  });

  it('creates an account for a new e-mail, attaches to an existing one, and answers a repeated request with the same order', async () => {
    const email = uniqueEmail('visitor');
    const q = quoteSchema.parse((await quote([planItem(esim())])).json());
    const body = { items: [planItem(esim())], expectedTotal: q.total, requestId: newId(), emailAddress: email };
    const first = purchaseResultSchema.parse((await t.app.inject({ method: 'POST', url: '/public/sim/purchase', payload: body })).json());
    expect(first.account).toBe('created');
    expect(first.order.status).toBe('pending');
    expect(first.order.email).toBe(email);
    const again = purchaseResultSchema.parse((await t.app.inject({ method: 'POST', url: '/public/sim/purchase', payload: body })).json());
    expect(again.order.id).toBe(first.order.id);
    expect(again.accessToken).toBe(first.accessToken);
    const second = await bought([planItem(esim())], { email });
    expect(second.account).toBe('existing');
    expect(second.order.id).not.toBe(first.order.id);
    const rows = await t.db.select().from(orders).where(eq(orders.email, email));
    expect(new Set(rows.map((r) => r.subscriberId)).size).toBe(1);
    // The visitor reads the order with its token only.
    const read = await t.app.inject({ method: 'GET', url: `/public/order/${first.order.id}`, headers: { 'x-order-token': first.accessToken } });
    expect(orderSchema.parse(read.json()).id).toBe(first.order.id);
    const wrong = await t.app.inject({ method: 'GET', url: `/public/order/${first.order.id}`, headers: { 'x-order-token': second.accessToken } });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('paying with the sandbox gateway', () => {
  it('lists only the enabled gateways', async () => {
    const list = gatewayListSchema.parse((await t.app.inject({ method: 'GET', url: '/public/payment/gateways' })).json());
    expect(list.gateways.map((g) => g.id)).toEqual(['sandbox', 'balance']);
    const other = await pay(await bought([planItem(esim())]), { gateway: 'stripe', cardToken: 'tok_visa' });
    expect(other.json()).toMatchObject({ code: 'PAYMENT_OPTION_NOT_AVAILABLE', message: 'This payment option is not available.' });
    const wrongMethod = await pay(await bought([planItem(esim())]), { method: 'crypto' });
    expect(wrongMethod.json()).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_SUPPORTED',
      message: 'The selected payment method is not supported by the payment gateway. Please try another one.',
    });
  });

  it('4242 pays the order, issues an invoice reachable by its unguessable link, with a PDF', async () => {
    const p = await paidOrder([planItem(physical()), planItem(esim())]);
    const o = await orderRow(p.order.id);
    expect(['paid', 'processing']).toContain(o?.status);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, p.order.id));
    expect(inv).toBeDefined();
    const pub = invoiceSchema.parse((await t.app.inject({ method: 'GET', url: `/public/invoice/${inv?.publicToken}` })).json());
    expect(pub.total).toBe(p.order.total);
    expect(pub.shipTo?.shippingCity).toBe('Austin');
    expect(pub.taxRateBps).toBe(825);
    const pdf = await t.app.inject({ method: 'GET', url: `/public/invoice/${inv?.publicToken}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const guess = await t.app.inject({ method: 'GET', url: `/public/invoice/${'A'.repeat(32)}` });
    expect(guess.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' });
  });

  it('declines show their reason; a retry with 4242 pays', async () => {
    const p = await bought([planItem(esim())]);
    for (const [outcome, code] of [
      ['declined', 'card_declined'],
      ['insufficient', 'insufficient_funds'],
      ['expired', 'expired_card'],
    ] as const) {
      const res = paymentSchema.parse((await pay(p, { cardToken: card(outcome) })).json());
      expect(res).toMatchObject({ status: 'failed', outcome: 'failure', failureCode: code });
      expect((await orderRow(p.order.id))?.status).toBe('unpaid');
    }
    const ok = paymentSchema.parse((await pay(p, { cardToken: card('ok') })).json());
    expect(ok.status).toBe('succeeded');
    expect(ok.orderStatus).toMatch(/paid|processing|delivered/);
  });

  it('3220 needs the confirmation step; refusing it fails the payment, approving it pays', async () => {
    const p = await bought([planItem(esim())]);
    const first = paymentSchema.parse((await pay(p, { cardToken: card('confirm') })).json());
    expect(first.status).toBe('requires_action');
    expect(first.nextAction?.type).toBe('confirm_card');
    const ref = (first.nextAction as { data?: { reference?: string } }).data?.reference;
    await t.app.inject({ method: 'POST', url: `/public/payment/sandbox/authenticate/${ref}`, payload: { approve: false } });
    const refused = paymentSchema.parse(
      (await t.app.inject({ method: 'POST', url: `/public/payment/${first.id}/confirm`, payload: { accessToken: p.accessToken } })).json(),
    );
    expect(refused).toMatchObject({ status: 'failed', failureCode: 'authentication_failed' });

    const second = paymentSchema.parse((await pay(p, { cardToken: card('confirm') })).json());
    const ref2 = (second.nextAction as { data?: { reference?: string } }).data?.reference;
    await t.app.inject({ method: 'POST', url: `/public/payment/sandbox/authenticate/${ref2}`, payload: { approve: true } });
    const done = paymentSchema.parse(
      (await t.app.inject({ method: 'POST', url: `/public/payment/${second.id}/confirm`, payload: { accessToken: p.accessToken } })).json(),
    );
    expect(done.status).toBe('succeeded');
  });

  it('50 concurrent confirmations, webhook replays and client retries of one payment: one charge, one paid order', async () => {
    const p = await bought([planItem(physical())]);
    const requestId = newId();
    const token = card('confirm');
    const started = paymentSchema.parse((await pay(p, { cardToken: token, requestId })).json());
    const ref = (started.nextAction as { data?: { reference?: string } }).data?.reference as string;
    await t.app.inject({ method: 'POST', url: `/public/payment/sandbox/authenticate/${ref}`, payload: { approve: true } });

    const event = (id: string) => {
      const body = JSON.stringify({ id, type: 'charge.succeeded', reference: ref, amount: p.order.total, currency: 'USD' });
      return t.app.inject({
        method: 'POST',
        url: '/public/payment/webhook/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(WEBHOOK_SECRET, body) },
        payload: body,
      });
    };
    const confirms = Array.from({ length: 50 }, () =>
      t.app.inject({ method: 'POST', url: `/public/payment/${started.id}/confirm`, payload: { accessToken: p.accessToken } }),
    );
    const replays = Array.from({ length: 10 }, (_, i) => event(i < 5 ? 'evt_same' : `evt_other_${i}`));
    const retries = Array.from({ length: 10 }, () => pay(p, { cardToken: token, requestId }));
    const all = await Promise.all([...confirms, ...replays, ...retries]);
    for (const r of all) expect(r.statusCode, r.body).toBe(200);

    // The webhook jobs run on the worker: wait until every stored event is processed.
    for (let i = 0; i < 100; i++) {
      const evs = await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.reference, ref));
      if (evs.length === 6 && evs.every((e) => e.processedAt)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const evs = await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.reference, ref));
    expect(evs).toHaveLength(6);
    expect(evs.every((e) => e.processedAt)).toBe(true);

    const charges = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, p.order.id));
    expect(charges).toHaveLength(1);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, p.order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'debit', status: 'succeeded', amount: p.order.total });
    expect((await orderRow(p.order.id))?.paidPaymentId).toBe(rows[0]?.id);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, p.order.id))).toHaveLength(1);
  });

  it('refuses a webhook with a bad or stale signature and records nothing', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'charge.succeeded', reference: 'ch_sandbox_x' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/public/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent('not-the-secret-0123456789', body) },
      payload: body,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_WEBHOOK' });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/public/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) - 3600) },
      payload: body,
    });
    expect(stale.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/public/payment/webhook/sandbox', headers: { 'content-type': 'application/json' }, payload: body });
    expect(missing.statusCode).toBe(400);
    expect(await t.db.select().from(gatewayEvents).where(eq(gatewayEvents.eventId, 'evt_forged'))).toHaveLength(0);
  });
});

describe('balance, affiliate and referral credit', () => {
  async function affiliate(code: string) {
    const partner = await signedInSubscriber(t.container, { firstName: 'Partner' });
    const [r] = await t.db.insert(resellers).values({ code, name: `Partner ${code}` }).returning();
    await t.db.insert(resellerAccounts).values({ resellerId: r!.id, subscriberId: partner.id });
    return partner;
  }
  const balanceOf = async (id: string) => (await t.db.select().from(subscribers).where(eq(subscribers.id, id)))[0]?.balance;

  it('gives the affiliate 5 % of the purchase, at most 10 USD per order', async () => {
    const partner = await affiliate('AFFCAP1');
    const small = await paidOrder([planItem(esim())], { extra: { resellerCode: 'affcap1' } });
    const expectedSmall = Math.min(1000, Math.floor((small.order.subtotal * 500 + 5000) / 10000));
    expect(await balanceOf(partner.id)).toBe(expectedSmall);
    const dear = plans.esim[plans.esim.length - 1] as PickedPlan;
    const big = await paidOrder([planItem(dear, 10)], { extra: { resellerCode: 'AFFCAP1' } });
    expect(big.order.subtotal * 0.05).toBeGreaterThan(1000);
    expect(await balanceOf(partner.id)).toBe(expectedSmall + 1000);
    const list = balanceTransactionListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/subscriber/balance_transaction', headers: partner.auth })).json(),
    );
    expect(list.data.map((x) => x.reason)).toEqual(['affiliate_commission', 'affiliate_commission']);
    expect(list.balance).toBe(expectedSmall + 1000);
  });

  it('gives 10 USD to the referrer for the first paid order only, and pays from the balance in one step', async () => {
    const referrer = await signedInSubscriber(t.container, { firstName: 'Referrer' });
    const email = uniqueEmail('friend');
    await paidOrder([planItem(esim())], { email, extra: { referrerEmail: referrer.email } });
    await paidOrder([planItem(esim())], { email, extra: { referrerEmail: referrer.email } });
    expect(await balanceOf(referrer.id)).toBe(1000);

    // The referrer spends the credit on an order from the balance.
    const p = await bought([planItem(esim())], { auth: referrer });
    const res = await pay(p, { gateway: 'balance', method: 'balance' }, referrer);
    if (p.order.total <= 1000) {
      expect(paymentSchema.parse(res.json()).status).toBe('succeeded');
      expect(await balanceOf(referrer.id)).toBe(1000 - p.order.total);
    } else {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(await balanceOf(referrer.id)).toBe(1000);
    }
    // A visitor may not spend the balance of the account their e-mail belongs to.
    const visitor = await bought([planItem(esim())], { email: referrer.email });
    const denied = await pay(visitor, { gateway: 'balance', method: 'balance' });
    expect(denied.json()).toMatchObject({ code: 'PAYMENT_OPTION_NOT_AVAILABLE' });
  });
});

describe('refunds (SPEC §1)', () => {
  it('refunds the plan with its tax, keeps SIM card, shipping and add-ons, reverses the commission, once', async () => {
    const partner = await (async () => {
      const s = await signedInSubscriber(t.container, { firstName: 'Aff' });
      const [r] = await t.db.insert(resellers).values({ code: 'REFUND1', name: 'Refund partner' }).returning();
      await t.db.insert(resellerAccounts).values({ resellerId: r!.id, subscriberId: s.id });
      return s;
    })();
    const { addOn: a, plan: phys } = await addOnWithPlan(t.container, 'physical');
    const p = await paidOrder([planItem(phys), addOnItem(a.id, phys)], { extra: { resellerCode: 'REFUND1' } });
    const commission = (await t.db.select().from(subscribers).where(eq(subscribers.id, partner.id)))[0]?.balance ?? 0;
    expect(commission).toBeGreaterThan(0);

    const { order, refund } = await t.services.payments.refundOrder(p.order.id);
    const planTotal = phys.price;
    const expected = planTotal + Math.floor((planTotal * 825 + 5000) / 10000) + Math.floor((planTotal * 300 + 5000) / 10000);
    expect(refund).toMatchObject({ type: 'credit', amount: expected, status: 'succeeded' });
    expect(order.status).toBe('refunded');
    expect((await t.db.select().from(subscribers).where(eq(subscribers.id, partner.id)))[0]?.balance).toBe(0);
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, p.order.id));
    expect(charge?.refunded).toBe(expected);

    const again = await t.services.payments.refundOrder(p.order.id);
    expect(again.refund.id).toBe(refund.id);
    expect((await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, p.order.id)))[0]?.refunded).toBe(expected);
  });

  it('refuses to refund an unpaid order, an add-on-only order, and a plan whose SIM is activated', async () => {
    const unpaid = await bought([planItem(esim())]);
    await expect(t.services.payments.refundOrder(unpaid.order.id)).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    const { addOn: a, plan: e } = await addOnWithPlan(t.container, 'esim');
    const addOnOnly = await paidOrder([addOnItem(a.id, e)]);
    await expect(t.services.payments.refundOrder(addOnOnly.order.id)).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    // The SIM feature's fulfiller makes the plan's SIM; once that SIM is on the network, no refund.
    const active = await paidOrder([planItem(esim())]);
    const simIds = await eventually(async () => {
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, active.order.id));
      return (line?.details as { simIds?: string[] } | null)?.simIds;
    }, 10_000, 'the SIM of the order');
    await t.db.update(sims).set({ status: 'active' }).where(inArray(sims.id, simIds));
    await expect(t.services.payments.refundOrder(active.order.id)).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
  });
});

describe('ownership', () => {
  it("another subscriber's order, invoice, payment and card answer exactly like missing ones", async () => {
    const owner = await signedInSubscriber(t.container, { firstName: 'Owner' });
    const other = await signedInSubscriber(t.container, { firstName: 'Other' });
    const p = await paidOrder([planItem(esim())], { auth: owner });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, p.order.id));
    const addCard = await t.app.inject({ method: 'POST', url: '/subscriber/payment_method', headers: owner.auth, payload: { cardToken: card('ok') } });
    expect(addCard.statusCode, addCard.body).toBe(200);
    const cardId = (addCard.json() as { id: string }).id;
    const [pay1] = await t.db.select().from(payments).where(and(eq(payments.orderId, p.order.id), eq(payments.type, 'debit')));

    const pairs: [string, string, string][] = [
      ['GET', `/subscriber/order/${p.order.id}`, `/subscriber/order/${newId()}`],
      ['GET', `/subscriber/invoice/${inv?.id}`, `/subscriber/invoice/${newId()}`],
      ['GET', `/subscriber/invoice/${inv?.id}/pdf`, `/subscriber/invoice/${newId()}/pdf`],
      ['DELETE', `/subscriber/payment_method/${cardId}`, `/subscriber/payment_method/${newId()}`],
      ['POST', `/subscriber/payment/${pay1?.id}/confirm`, `/subscriber/payment/${newId()}/confirm`],
      ['POST', `/subscriber/order/${p.order.id}/cancel`, `/subscriber/order/${newId()}/cancel`],
    ];
    for (const [method, theirs, missing] of pairs) {
      const a = await t.app.inject({ method: method as 'GET', url: theirs, headers: other.auth });
      const b = await t.app.inject({ method: method as 'GET', url: missing, headers: other.auth });
      expect(a.statusCode, `${method} ${theirs}`).toBe(404);
      expect(a.json()).toEqual(b.json());
    }
    // Paying someone else's order, or with someone else's card.
    const mine = await bought([planItem(esim())], { auth: other });
    const withTheirCard = await pay(mine, { paymentMethodId: cardId }, other);
    expect(withTheirCard.json()).toMatchObject({ code: 'PAYMENT_METHOD_NOT_FOUND' });
    const theirOrder = await pay(p, { cardToken: card('ok') }, other);
    expect(theirOrder.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    // The owner still has the card.
    const cards = savedCardListSchema.parse((await t.app.inject({ method: 'GET', url: '/subscriber/payment_method', headers: owner.auth })).json());
    expect(cards.map((c) => c.id)).toEqual([cardId]);
  });
});

describe('saved cards and auto flags', () => {
  it('adds, defaults, flags and deletes cards; refuses a declined card', async () => {
    const me = await signedInSubscriber(t.container, { firstName: 'Cards' });
    const add = (token: string) => t.app.inject({ method: 'POST', url: '/subscriber/payment_method', headers: me.auth, payload: { cardToken: token } });
    const declined = await add(card('declined'));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED', reason: 'card_declined' });
    const first = (await add(card('ok'))).json() as { id: string; isDefault: boolean; last4: string };
    expect(first).toMatchObject({ isDefault: true, last4: '4242' });
    const second = (await add(card('insufficient'))).json() as { id: string; isDefault: boolean };
    expect(second.isDefault).toBe(false);
    const flagged = savedCardListSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/subscriber/auto_renew/enable', headers: me.auth, payload: { paymentMethodId: second.id } })).json(),
    );
    expect(flagged.find((c) => c.id === second.id)?.autoRenew).toBe(true);
    await t.app.inject({ method: 'POST', url: '/subscriber/auto_top-up/enable', headers: me.auth, payload: { paymentMethodId: first.id } });
    const del = await t.app.inject({ method: 'DELETE', url: `/subscriber/payment_method/${first.id}`, headers: me.auth });
    expect(del.statusCode).toBe(204);
    const left = savedCardListSchema.parse((await t.app.inject({ method: 'GET', url: '/subscriber/payment_method', headers: me.auth })).json());
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: second.id, isDefault: true, autoRenew: true, autoTopUp: false });
    // A saved card pays an order.
    const p = await bought([planItem(esim())], { auth: me });
    const paid = paymentSchema.parse((await pay(p, { paymentMethodId: second.id }, me)).json());
    expect(paid).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
  });
});

describe('purchase variants', () => {
  it('sells blank SIM cards with shipping and tax, paid like any order', async () => {
    const me = await signedInSubscriber(t.container, { firstName: 'Cards' });
    const q = quoteSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/subscriber/sim/purchase/sim/price', headers: me.auth, payload: { quantity: 3 } })).json(),
    );
    expect(q.lines).toMatchObject([{ type: 'sim_card', quantity: 3, unitPrice: 100, total: 300 }]);
    expect(q.total).toBe(300 + q.shipping + Math.floor((300 * 825 + 5000) / 10000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/subscriber/sim/purchase/sim',
      headers: me.auth,
      payload: { quantity: 3, expectedTotal: q.total, requestId: newId(), shippingAddress: address() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = purchaseResultSchema.parse(res.json());
    expect(p.order.kind).toBe('sim_card');
    const paid = paymentSchema.parse((await pay(p, { cardToken: card('ok') }, me)).json());
    expect(paid.status).toBe('succeeded');
  });

  it("sells add-ons for the subscriber's own SIM only", async () => {
    const { addOn, plan } = await addOnWithPlan(t.container, 'esim');
    const owner = await signedInSubscriber(t.container, { firstName: 'Sim' });
    const other = await signedInSubscriber(t.container, { firstName: 'NotSim' });
    const { sims } = await import('../../db/schema/sims.js');
    const [sim] = await t.db
      .insert(sims)
      .values({ subscriberId: owner.id, kind: 'esim', iccid: `8901${Date.now()}${Math.floor(Math.random() * 1000)}`, planId: plan.planId })
      .returning();
    const body = { simId: sim!.id, items: [{ addonId: addOn.id, quantity: 2 }] };
    const q = quoteSchema.parse((await t.app.inject({ method: 'POST', url: '/subscriber/add-on_plan/purchase/price', headers: owner.auth, payload: body })).json());
    expect(q.lines).toMatchObject([{ type: 'addon', simId: sim!.id, quantity: 2, unitPrice: addOn.price }]);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/subscriber/add-on_plan/purchase',
      headers: owner.auth,
      payload: { ...body, expectedTotal: q.total, requestId: newId() },
    });
    expect(purchaseResultSchema.parse(bought.json()).order).toMatchObject({ kind: 'addon', total: q.total });
    const theirs = await t.app.inject({ method: 'POST', url: '/subscriber/add-on_plan/purchase/price', headers: other.auth, payload: body });
    expect(theirs.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingTransport } from '../../adapters/mail/recording-transport.js';
import { findOpsCommand, type OpsOutput } from '../../ops/commands.js';
import '../../ops/register.js';
import { address, card, newId, pickPlans, planItem } from '../../test/checkout-fixtures.js';
import { uniqueEmail } from '../../test/fixtures.js';
import { buildTestContainer, type TestContainer } from '../../test/helpers.js';

/** The operator commands run through the same services as the API, against a real database. */
let t: TestContainer;
const mail = recordingTransport();
beforeAll(async () => {
  t = await buildTestContainer({ mailTransport: mail });
});
afterAll(async () => {
  await t?.close();
});

function capture(): OpsOutput & { lines: string[]; rows: Record<string, unknown>[] } {
  const lines: string[] = [];
  const rows: Record<string, unknown>[] = [];
  return { lines, rows, line: (s) => lines.push(s), table: (r) => rows.push(...r) };
}

async function run(argv: string[]) {
  const found = findOpsCommand(argv);
  if (!found) throw new Error(`no command ${argv.join(' ')}`);
  const out = capture();
  await found.command.run(t.container, found.args, out);
  return out;
}

describe('ops commands', () => {
  it('lists a paid physical order, ships it with tracking (mailing the customer), refunds, and sums the day', async () => {
    const s = t.container.services;
    const plan = (await pickPlans(t.container)).physical[0]!;
    const email = uniqueEmail('ops');
    const q = await s.quotes.quoteCart({ items: [planItem(plan)] });
    const p = await s.orders.purchase(null, {
      items: [planItem(plan)],
      expectedTotal: q.quote.total,
      requestId: newId(),
      emailAddress: email,
      shippingAddress: address(),
    });
    const payment = await s.payments.pay({ accessToken: p.accessToken }, {
      orderId: p.order.id,
      gateway: 'sandbox',
      method: 'card',
      cardToken: card('ok'),
      requestId: newId(),
    });
    expect(payment.status).toBe('succeeded');

    const pending = await run(['orders', 'pending']);
    expect(pending.rows.map((r) => r.id)).toContain(p.order.id);

    await expect(run(['orders', 'ship', p.order.id, '--carrier', 'usps'])).rejects.toThrow(/--tracking/);
    const shipped = await run(['orders', 'ship', p.order.id, '--carrier', 'usps', '--tracking', '9400 1000 0000 0000 0000 00']);
    expect(shipped.lines[0]).toMatch(/shipped with usps/);
    await expect.poll(() => mail.sent.find((m) => m.to === email && m.kind === 'order-shipped'), { timeout: 10_000 }).toBeDefined();
    expect((await run(['orders', 'pending'])).rows.map((r) => r.id)).not.toContain(p.order.id);

    const refunded = await run(['orders', 'refund', p.order.id]);
    expect(refunded.lines[0]).toMatch(/refund of \$[\d.]+ via sandbox is succeeded/);

    const day = await run(['takings']);
    expect(day.rows.some((r) => r.gateway === 'sandbox' && r.type === 'taken')).toBe(true);
    expect(day.rows.some((r) => r.gateway === 'sandbox' && r.type === 'refunded')).toBe(true);
    expect(day.lines[0]).toMatch(/^Net on \d{4}-\d{2}-\d{2}: \$/);
  });
});

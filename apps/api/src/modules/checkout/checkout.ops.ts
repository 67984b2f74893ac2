import type { OpsCommand } from '../../ops/commands.js';
import { parseOptions } from '../../ops/commands.js';
import * as repo from './checkout.repository.js';
import { waitsForStock } from './views.js';

const money = (cents: number, currency = 'USD') => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderIdArg(arg: string | undefined): string {
  if (!arg || !UUID.test(arg)) throw new Error('give the order id (a UUID, as `orders pending` lists it)');
  return arg;
}

/** Operator commands of checkout: the fulfilment list, shipping, refunds and the day's takings. */
export const orderOpsCommands: OpsCommand[] = [
  {
    name: 'orders pending',
    usage: 'orders paid and not yet shipped or delivered (oldest first)',
    async run(c, _args, out) {
      const rows = await repo.ordersAwaitingFulfilment(c.db);
      const lines = await repo.findOrderLines(c.db, rows.filter((o) => o.fulfilmentDelayedAt).map((o) => o.id));
      out.table(
        rows.map((o) => ({
          id: o.id,
          number: o.number,
          status: o.status,
          paidAt: o.paidAt?.toISOString() ?? '',
          total: money(o.total, o.currency),
          ships: o.shippingAddress ? `${(o.shippingAddress as { shippingCountry?: string }).shippingCountry ?? ''}` : 'no (eSIM/services)',
          // Its fulfilment found no SIM left and the buyer was told (decision 235): restock, or refund.
          waitsForStock: waitsForStock(o, lines) ? `since ${o.fulfilmentDelayedAt!.toISOString()}` : '',
          description: o.description.slice(0, 60),
        })),
      );
    },
  },
  {
    name: 'orders ship',
    usage: '<orderId> --carrier <usps|ups|fedex|dhl|…> --tracking <number>   marks it shipped and mails the customer',
    async run(c, args, out) {
      const { positional, options } = parseOptions(args);
      const carrier = typeof options.carrier === 'string' ? options.carrier.trim() : '';
      const tracking = typeof options.tracking === 'string' ? options.tracking.trim() : '';
      if (!carrier || !/^[A-Za-z0-9 -]{3,40}$/.test(tracking)) throw new Error('give --carrier and --tracking (3–40 letters, digits, spaces or dashes)');
      const order = await c.services.payments.ship(orderIdArg(positional[0]), carrier, tracking);
      out.line(`Order ${order.number} shipped with ${carrier}, tracking ${tracking}; the customer is being mailed.`);
    },
  },
  {
    name: 'orders delivered',
    usage: '<orderId>   marks a shipped order delivered',
    async run(c, args, out) {
      const order = await c.services.payments.markDelivered(orderIdArg(args[0]));
      out.line(`Order ${order.number} delivered.`);
    },
  },
  {
    name: 'orders refund',
    usage: '<orderId>   refunds per the refund policy (no SIM cost, shipping or add-ons) through the gateway that took the money',
    async run(c, args, out) {
      const { order, refund } = await c.services.payments.refundOrder(orderIdArg(args[0]));
      out.line(`Order ${order.number}: refund of ${money(refund.amount, refund.currency)} via ${refund.gateway} is ${refund.status}.`);
    },
  },
  {
    name: 'takings',
    usage: '[YYYY-MM-DD]   money taken and refunded on a UTC day (default today), by gateway',
    async run(c, args, out) {
      const day = args[0] ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new Error('give the day as YYYY-MM-DD');
      const rows = await repo.takings(c.db, day);
      out.table(rows.map((r) => ({ gateway: r.gateway, type: r.type === 'debit' ? 'taken' : 'refunded', count: r.count, amount: money(r.amount, r.currency) })));
      const net = rows.reduce((n, r) => n + (r.type === 'debit' ? r.amount : -r.amount), 0);
      out.line(`Net on ${day}: ${money(net, c.config.CURRENCY)}`);
    },
  },
];

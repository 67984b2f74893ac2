import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccountOutcome, PurchaseRequest, Quote, ShippingAddress } from '@app/shared/contracts/checkout';
import { shippingAddressSchema } from '@app/shared/contracts/checkout';
import type { Order, OrderKind, OrderList, PurchaseResult } from '@app/shared/contracts/orders';
import { soldOutReason } from '@app/shared/rules/pricing';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { appError, fieldError, isUniqueViolation } from '../../lib/errors.js';
import { findSubscriberByEmail, findSubscriberById, insertSubscriber } from '../accounts/accounts.repository.js';
import type { ResellerService } from '../resellers/resellers.service.js';
import * as repo from './checkout.repository.js';
import type { QuoteService } from './quote.service.js';
import { ADDRESS_CHANGE_STATUSES, PAYABLE_STATUSES, toOrder } from './views.js';

/** Who is asking: a signed-in subscriber, or a visitor holding an order's access token. */
export type OrderCaller = { subscriberId: string } | { accessToken: string };

export interface OrdersServiceDeps {
  db: Db;
  quotes: QuoteService;
  resellers: ResellerService;
  /** Key the order access tokens are derived with (from the server secret). */
  accessKey: Buffer;
  /** Sends a new account its set-password link (the accounts feature's forgot-password flow). */
  sendSetPasswordLink(email: string): Promise<unknown>;
  /** The plan on a SIM the subscriber owns (the SIM feature answers; another's SIM throws its not-found error). */
  simPlanOf(subscriberId: string, simId: string): Promise<string | null>;
  /** How many unsold SIM cards and eSIM profiles the carrier holds: the new SIMs of an order come from it. */
  stock(): Promise<Record<'physical' | 'esim', number>>;
}

export interface NewOrderInput {
  kind: OrderKind;
  subscriberId: string;
  email: string;
  requestId: string;
  quote: Quote;
  shippingAddress: ShippingAddress | null;
  resellerCode?: string | null | undefined;
  referrerId?: string | null | undefined;
  /** Overrides the lines' simId/details (SIM actions). */
  lineExtras?: ((index: number) => { simId?: string | null; details?: Record<string, unknown> | null }) | undefined;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function orderNumber(): string {
  const bytes = randomBytes(8);
  return `LW-${[...bytes].map((b) => ORDER_ALPHABET[b % ORDER_ALPHABET.length]).join('')}`;
}

/** "Tourist 30 (eSIM) × 2, 1 GB Data" — what an order is for, in one line. */
export function describeLines(lines: { name: string; quantity: number; sim: string | null }[]): string {
  return lines
    .map((l) => `${l.name}${l.sim === 'physical' ? ' (SIM card)' : l.sim === 'esim' ? ' (eSIM)' : ''}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`)
    .join(', ')
    .slice(0, 500);
}

/**
 * Orders: creation from a quote (purchases, and the SIM actions through `createOrder`), reading,
 * the address change before shipping and the cancellation of unpaid orders. Paying is the
 * PaymentService's; fulfilment is the registered fulfillers'.
 */
export class OrdersService {
  constructor(private readonly deps: OrdersServiceDeps) {}

  /** The order's bearer token for visitors: derived, so a repeated purchase answers the same one. */
  accessToken(orderId: string): string {
    return createHmac('sha256', this.deps.accessKey).update(orderId).digest('base64url');
  }

  /** Whether the caller may see and pay the order; anything else reads as a missing order. */
  owns(order: repo.OrderRow, caller: OrderCaller): boolean {
    if ('subscriberId' in caller) return order.subscriberId === caller.subscriberId;
    const given = Buffer.from(sha256(caller.accessToken));
    const stored = Buffer.from(order.accessTokenHash);
    return given.length === stored.length && timingSafeEqual(given, stored);
  }

  /** Unsold SIM cards and eSIM profiles at the carrier. */
  stock(): Promise<Record<'physical' | 'esim', number>> {
    return this.deps.stock();
  }

  /**
   * The unsold stock an order of `need` is checked against, read before its transaction opens: the
   * carrier's count must never be read while a transaction holds a pooled connection (the simulator
   * needs a second one, a real carrier is an HTTP call; with every connection held by a waiting
   * transaction the pool would deadlock). Undefined when the order needs no SIM.
   */
  async stockFor(need: { esims: number; physicalSims: number }): Promise<Record<'physical' | 'esim', number> | undefined> {
    if (need.esims === 0 && need.physicalSims === 0) return undefined;
    return this.deps.stock();
  }

  /**
   * Refuses an order whose new SIMs the inventory cannot cover, before anything is kept or charged
   * (decision 230): without it the order is paid and then waits, unfulfilled, for stock. Two buyers of
   * the last profile can both pass; payment checks again (PaymentService.pay), and an order paid for
   * the last profile twice waits in fulfilment, retried, for new stock (and after the retries, for
   * PaymentService.resumeFulfilment). `stock` is what `stockFor` read before the transaction.
   */
  checkStock(
    need: { esims: number; physicalSims: number },
    stock: Record<'physical' | 'esim', number> | undefined,
    code: 'CART_NOT_SELLABLE' | 'ORDER_NOT_PAYABLE' = 'CART_NOT_SELLABLE',
  ): void {
    if (need.esims === 0 && need.physicalSims === 0) return;
    if (!stock) throw new Error('checkStock: the stock was not read before the transaction');
    const short: { field: string; message: string }[] = [];
    if (need.esims > stock.esim) short.push({ field: 'items', message: 'No eSIM is left for this order right now. Choose a physical SIM, or try again later.' });
    if (need.physicalSims > stock.physical) short.push({ field: 'items', message: 'No SIM card is left to ship for this order right now. Choose an eSIM, or try again later.' });
    // The reason says which kind ran out, so the page can say what to choose instead (decision 233).
    const reason = soldOutReason({ esim: need.esims > stock.esim, physical: need.physicalSims > stock.physical });
    if (reason) throw appError(code, { errors: short, reason });
  }

  async purchase(who: { id: string; email: string } | null, req: PurchaseRequest): Promise<PurchaseResult> {
    const address = req.shippingAddress;
    const { quote } = await this.deps.quotes.quoteCart({
      items: req.items,
      shippingCountry: address?.shippingCountry ?? req.shippingCountry,
      shippingRateId: req.shippingRateId,
    });
    if (!quote.sellable) throw appError('CART_NOT_SELLABLE');
    if (quote.needsShipping && !address) {
      throw appError('INVALID_SHIPPING_ADDRESS', { errors: [{ field: 'shippingAddress', message: 'Required field' }] });
    }
    if (quote.total !== req.expectedTotal) throw appError('PRICE_CHANGED');
    const email = who?.email ?? req.emailAddress;
    if (!email) throw fieldError('emailAddress', 'Email is a required field');
    const resellerCode = await this.deps.resellers.activeCode(req.resellerCode);
    const stock = await this.stockFor(quote);

    let account: AccountOutcome = who ? 'signed_in' : 'existing';
    const attempt = async () =>
      this.deps.db.transaction(async (tx) => {
        let subscriberId: string;
        if (who) subscriberId = who.id;
        else {
          const existing = await findSubscriberByEmail(tx, email);
          if (existing && !existing.deletedAt) subscriberId = existing.id;
          else {
            const created = await insertSubscriber(tx, {
              email,
              firstName: address?.shippingFirstName ?? '',
              lastName: address?.shippingLastName ?? '',
              phone: address?.shippingPhoneNumber ?? null,
              country: address?.shippingCountry ?? null,
              shippingAddress1: address?.shippingAddress1 ?? null,
              shippingAddress2: address?.shippingAddress2 || null,
              city: address?.shippingCity ?? null,
              state: address?.shippingState ?? null,
              zipcode: address?.shippingZipcode ?? null,
              resellerCode: resellerCode ?? null,
            });
            subscriberId = created.id;
            account = 'created';
          }
        }
        const repeated = await repo.findOrderByRequest(tx, subscriberId, req.requestId);
        if (repeated) return repeated;
        // After the repeat check: a resent request answers with its order even if stock ran out since.
        // A refusal rolls back the account this transaction may have just made.
        this.checkStock(quote, stock);
        let referrerId: string | null = null;
        if (req.referrerEmail && req.referrerEmail !== email) {
          const referrer = await findSubscriberByEmail(tx, req.referrerEmail);
          if (referrer && !referrer.deletedAt && referrer.id !== subscriberId) referrerId = referrer.id;
        }
        return this.createOrder(tx, {
          kind: 'purchase',
          subscriberId,
          email,
          requestId: req.requestId,
          quote,
          shippingAddress: quote.needsShipping ? (address ?? null) : null,
          resellerCode,
          referrerId,
        });
      });
    let order: repo.OrderRow;
    try {
      order = await attempt();
    } catch (e) {
      // Two first purchases by one new e-mail at once: the second finds the account the first made.
      if (!isUniqueViolation(e)) throw e;
      account = who ? 'signed_in' : 'existing';
      order = await attempt();
    }
    if ((account as AccountOutcome) === 'created') void this.deps.sendSetPasswordLink(email).catch(() => {});
    return { order: await this.view(this.deps.db, order), accessToken: this.accessToken(order.id), account };
  }

  async quoteAddOns(subscriberId: string, req: { simId: string; items: { addonId: string; quantity: number }[] }): Promise<Quote> {
    const planId = await this.deps.simPlanOf(subscriberId, req.simId);
    return this.deps.quotes.quoteAddOnsForSim(req.simId, planId, req.items);
  }

  /** Add-ons for one of the subscriber's SIMs (order kind 'addon'; the SIM feature's fulfiller applies them). */
  async purchaseAddOns(
    who: { id: string; email: string },
    req: { simId: string; items: { addonId: string; quantity: number }[]; expectedTotal: number; requestId: string; resellerCode?: string | undefined },
  ): Promise<PurchaseResult> {
    const quote = await this.quoteAddOns(who.id, req);
    return this.placeForSubscriber(who, 'addon', quote, req, null);
  }

  /** Blank SIM cards shipped to the subscriber (order kind 'sim_card'). */
  async purchaseSimCards(
    who: { id: string; email: string },
    req: { quantity: number; shippingRateId?: string | undefined; shippingAddress: ShippingAddress; expectedTotal: number; requestId: string; resellerCode?: string | undefined },
  ): Promise<PurchaseResult> {
    const quote = await this.deps.quotes.quoteSimCards(req.quantity, req.shippingAddress.shippingCountry, req.shippingRateId);
    return this.placeForSubscriber(who, 'sim_card', quote, req, req.shippingAddress);
  }

  /**
   * A signed-in subscriber's order from a server quote: refused when not sellable or when the total
   * the customer saw differs; a repeated request id answers the same order. The SIM actions use this.
   */
  async placeForSubscriber(
    who: { id: string; email: string },
    kind: OrderKind,
    quote: Quote,
    req: { expectedTotal: number; requestId: string; resellerCode?: string | undefined },
    shippingAddress: ShippingAddress | null,
    lineExtras?: NewOrderInput['lineExtras'],
  ): Promise<PurchaseResult> {
    if (!quote.sellable) throw appError('CART_NOT_SELLABLE');
    if (quote.total !== req.expectedTotal) throw appError('PRICE_CHANGED');
    const resellerCode = await this.deps.resellers.activeCode(req.resellerCode);
    const stock = await this.stockFor(quote);
    const place = () =>
      this.deps.db.transaction(async (tx) => {
        const repeated = await repo.findOrderByRequest(tx, who.id, req.requestId);
        if (repeated) return repeated;
        // SIM cards (blank or a replacement) come from the same inventory; other SIM actions need none.
        this.checkStock(quote, stock);
        return this.createOrder(tx, { kind, subscriberId: who.id, email: who.email, requestId: req.requestId, quote, shippingAddress, resellerCode, lineExtras });
      });
    let order: repo.OrderRow;
    try {
      order = await place();
    } catch (e) {
      // The same request twice at once: the second finds the order the first made.
      if (!isUniqueViolation(e)) throw e;
      order = await place();
    }
    return { order: await this.view(this.deps.db, order), accessToken: this.accessToken(order.id), account: 'signed_in' };
  }

  /** Writes an order and its lines from a quote (status pending). For purchases and SIM actions. */
  async createOrder(exec: Executor, input: NewOrderInput): Promise<repo.OrderRow> {
    const { quote } = input;
    const id = crypto.randomUUID();
    const lines = quote.lines.map((l, i) => {
      const extra = input.lineExtras?.(i) ?? {};
      return {
        position: i,
        type: l.type,
        name: l.name,
        planId: l.planId,
        priceId: l.priceId,
        addonId: l.addonId,
        simId: extra.simId ?? l.simId,
        sim: l.sim,
        periodDays: l.periodDays,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        total: l.total,
        details: extra.details ?? null,
      };
    });
    return repo.insertOrder(
      exec,
      {
        id,
        number: orderNumber(),
        subscriberId: input.subscriberId,
        kind: input.kind,
        status: 'pending',
        email: input.email,
        description: describeLines(lines),
        subtotal: quote.subtotal,
        simCards: quote.simCards,
        shipping: quote.shipping,
        taxRateBps: quote.taxRateBps,
        tax: quote.tax,
        surchargeBps: quote.surchargeBps,
        surcharge: quote.surcharge,
        total: quote.total,
        currency: quote.currency,
        shippingAddress: input.shippingAddress,
        shippingMethod: quote.shippingRate
          ? { id: quote.shippingRate.id, name: quote.shippingRate.name, minDays: quote.shippingRate.minDays, maxDays: quote.shippingRate.maxDays }
          : null,
        resellerCode: input.resellerCode ?? null,
        referrerId: input.referrerId ?? null,
        accessTokenHash: sha256(this.accessToken(id)),
        requestId: input.requestId,
      },
      lines,
    );
  }

  async view(exec: Executor, order: repo.OrderRow): Promise<Order> {
    const lines = await repo.findOrderLines(exec, [order.id]);
    const invoices = await repo.invoiceIdsFor(exec, [order.id]);
    return toOrder(order, lines, invoices.get(order.id) ?? null);
  }

  /** The order if the caller may see it; otherwise ORDER_NOT_FOUND, exactly as for a missing one. */
  async load(exec: Executor, id: string, caller: OrderCaller, opts: { lock?: boolean } = {}): Promise<repo.OrderRow> {
    const order = await repo.findOrder(exec, id, opts);
    if (!order || !this.owns(order, caller)) throw appError('ORDER_NOT_FOUND');
    return order;
  }

  async get(id: string, caller: OrderCaller): Promise<Order> {
    return this.view(this.deps.db, await this.load(this.deps.db, id, caller));
  }

  async list(subscriberId: string, q: { page: number; pageSize: number; status?: string | undefined }, statuses?: string[]): Promise<OrderList> {
    const { total, rows } = await repo.listOrders(this.deps.db, subscriberId, {
      page: q.page,
      pageSize: q.pageSize,
      statuses: q.status ? [q.status] : statuses,
    });
    const ids = rows.map((r) => r.id);
    const lines = await repo.findOrderLines(this.deps.db, ids);
    const invoices = await repo.invoiceIdsFor(this.deps.db, ids);
    return {
      total,
      page: q.page,
      pageSize: q.pageSize,
      data: rows.map((o) => toOrder(o, lines.filter((l) => l.orderId === o.id), invoices.get(o.id) ?? null)),
    };
  }

  /** Before shipping only; the destination country must stay that of the chosen delivery option. */
  async changeAddress(id: string, caller: OrderCaller, address: ShippingAddress): Promise<Order> {
    const parsed = shippingAddressSchema.safeParse(address);
    if (!parsed.success) throw appError('INVALID_SHIPPING_ADDRESS');
    return this.deps.db.transaction(async (tx) => {
      const order = await this.load(tx, id, caller, { lock: true });
      if (!order.shippingAddress) throw appError('ORDER_ADDRESS_LOCKED', { message: 'This order ships nothing, so it has no address to change.' });
      if (!ADDRESS_CHANGE_STATUSES.includes(order.status)) throw appError('ORDER_ADDRESS_LOCKED');
      const before = order.shippingAddress as ShippingAddress;
      if (parsed.data.shippingCountry !== before.shippingCountry) {
        throw appError('INVALID_SHIPPING_ADDRESS', {
          errors: [{ field: 'shippingCountry', message: 'The country cannot change after the order is placed' }],
        });
      }
      const updated = await repo.updateOrder(tx, order.id, { shippingAddress: parsed.data });
      return this.view(tx, updated ?? order);
    });
  }

  /** Cancels an order that has not been paid and has no payment under way. */
  async cancel(id: string, caller: OrderCaller): Promise<Order> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.load(tx, id, caller, { lock: true });
      if (order.status === 'canceled') return this.view(tx, order);
      if (!PAYABLE_STATUSES.includes(order.status)) throw appError('ORDER_CANNOT_BE_CANCELED');
      const open = (await repo.orderPayments(tx, order.id)).some((p) => p.status === 'pending' || p.status === 'requires_action');
      if (open) throw appError('PAYMENT_IN_PROGRESS');
      const updated = await repo.updateOrder(tx, order.id, { status: 'canceled', canceledAt: new Date() }, PAYABLE_STATUSES);
      return this.view(tx, updated ?? order);
    });
  }

  async subscriberEmail(id: string): Promise<string | undefined> {
    return (await findSubscriberById(this.deps.db, id))?.email;
  }
}

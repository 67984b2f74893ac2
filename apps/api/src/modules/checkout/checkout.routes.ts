import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOnPurchaseRequestSchema,
  addOnQuoteRequestSchema,
  purchaseRequestSchema,
  quoteRequestSchema,
  quoteSchema,
  simCardPurchaseRequestSchema,
  simCardQuoteRequestSchema,
} from '@app/shared/contracts/checkout';
import { idSchema } from '@app/shared/contracts/catalogue';
import { invoiceListQuerySchema, invoiceListSchema, invoiceSchema } from '@app/shared/contracts/invoices';
import {
  ORDER_TOKEN_HEADER,
  orderAddressChangeSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  purchaseResultSchema,
} from '@app/shared/contracts/orders';
import {
  autoFlagRequestSchema,
  balanceTransactionListSchema,
  coinListSchema,
  gatewayListSchema,
  moneyListQuerySchema,
  paymentConfirmSchema,
  paymentListSchema,
  paymentRequestSchema,
  paymentSchema,
  sandboxAuthenticateSchema,
  savedCardCreateSchema,
  savedCardListSchema,
  savedCardSchema,
} from '@app/shared/contracts/payments';
import { appError } from '../../lib/errors.js';
import { SandboxGateway } from '../../adapters/payments/sandbox/sandbox-gateway.js';
import type { PaymentGateways } from '../../adapters/payments/payment-gateways.js';
import type { CardsService } from './cards.service.js';
import type { InvoiceService } from './invoices.service.js';
import type { MoneyService } from './money.service.js';
import type { OrderCaller, OrdersService } from './orders.service.js';
import type { PaymentService } from './payments.service.js';
import type { QuoteService } from './quote.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { localLineNames } from '../catalogue/line-names.js';

export interface CheckoutRouteDeps {
  quotes: QuoteService;
  orders: OrdersService;
  payments: PaymentService;
  cards: CardsService;
  invoices: InvoiceService;
  money: MoneyService;
  gateways: PaymentGateways;
  /** Names quote and order lines in the reader's language (decision 210). */
  catalogue: CatalogueService;
}

const idParams = z.object({ id: idSchema });
const tokenParams = z.object({ token: z.string().min(20).max(100) });

/** The visitor's order token: header on reads, body field on payments. */
function visitor(req: FastifyRequest, bodyToken?: string): OrderCaller {
  const raw = req.headers[ORDER_TOKEN_HEADER];
  const token = bodyToken ?? (Array.isArray(raw) ? raw[0] : raw);
  // Missing token: the same answer as a wrong one (the order is "not found").
  return { accessToken: token ?? '' };
}

/** Checkout, orders, payments, saved cards, invoices and balance transactions (see contracts for shapes). */
export function checkoutRoutes(d: CheckoutRouteDeps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const me = (req: FastifyRequest): OrderCaller => ({ subscriberId: req.subscriber.id });
    app.addHook('preSerialization', localLineNames(d.catalogue));

    // --- quotes and purchases ----------------------------------------------------------------------
    for (const prefix of ['/public', '/subscriber'] as const) {
      app.post(`${prefix}/sim/purchase/price`, { schema: { body: quoteRequestSchema, response: { 200: quoteSchema } } }, async (req) => {
        return (await d.quotes.quoteCart(req.body, { withStock: true })).quote;
      });
    }
    app.post('/public/sim/purchase', { schema: { body: purchaseRequestSchema, response: { 200: purchaseResultSchema } } }, async (req) =>
      d.orders.purchase(null, req.body),
    );
    app.post('/subscriber/sim/purchase', { schema: { body: purchaseRequestSchema, response: { 200: purchaseResultSchema } } }, async (req) =>
      d.orders.purchase({ id: req.subscriber.id, email: req.subscriber.email }, req.body),
    );

    // Add-ons for one of the subscriber's SIMs, and blank SIM cards (SPEC §7 purchase variants).
    app.post('/subscriber/add-on_plan/purchase/price', { schema: { body: addOnQuoteRequestSchema, response: { 200: quoteSchema } } }, async (req) =>
      d.orders.quoteAddOns(req.subscriber.id, req.body),
    );
    app.post('/subscriber/add-on_plan/purchase', { schema: { body: addOnPurchaseRequestSchema, response: { 200: purchaseResultSchema } } }, async (req) =>
      d.orders.purchaseAddOns({ id: req.subscriber.id, email: req.subscriber.email }, req.body),
    );
    app.post('/subscriber/sim/purchase/sim/price', { schema: { body: simCardQuoteRequestSchema, response: { 200: quoteSchema } } }, async (req) =>
      d.quotes.quoteSimCards(req.body.quantity, req.body.shippingCountry, req.body.shippingRateId),
    );
    app.post('/subscriber/sim/purchase/sim', { schema: { body: simCardPurchaseRequestSchema, response: { 200: purchaseResultSchema } } }, async (req) =>
      d.orders.purchaseSimCards({ id: req.subscriber.id, email: req.subscriber.email }, req.body),
    );

    // --- orders ------------------------------------------------------------------------------------
    app.get('/subscriber/order', { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, async (req) =>
      d.orders.list(req.subscriber.id, req.query),
    );
    app.get('/subscriber/fulfillment', { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, async (req) =>
      d.orders.list(req.subscriber.id, req.query, ['paid', 'processing', 'shipped']),
    );
    app.get('/subscriber/order/:id', { schema: { params: idParams, response: { 200: orderSchema } } }, async (req) =>
      d.orders.get(req.params.id, me(req)),
    );
    app.get('/public/order/:id', { schema: { params: idParams, response: { 200: orderSchema } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return d.orders.get(req.params.id, visitor(req));
    });
    for (const prefix of ['/public', '/subscriber'] as const) {
      const caller = (req: FastifyRequest) => (prefix === '/subscriber' ? me(req) : visitor(req));
      app.patch(`${prefix}/order/:id/address`, { schema: { params: idParams, body: orderAddressChangeSchema, response: { 200: orderSchema } } }, async (req) =>
        d.orders.changeAddress(req.params.id, caller(req), req.body.shippingAddress),
      );
      app.post(`${prefix}/order/:id/cancel`, { schema: { params: idParams, response: { 200: orderSchema } } }, async (req) =>
        d.orders.cancel(req.params.id, caller(req)),
      );
    }

    // --- payments ----------------------------------------------------------------------------------
    app.get('/public/payment/gateways', { schema: { response: { 200: gatewayListSchema } } }, async () => d.payments.gatewayList());
    app.get('/coinpayments/coins', { schema: { response: { 200: coinListSchema } } }, async () => {
      const g = d.gateways.get('coinpayments');
      if (!g?.listCoins) throw appError('PAYMENT_OPTION_NOT_AVAILABLE');
      return g.listCoins();
    });
    app.post('/public/payment', { schema: { body: paymentRequestSchema, response: { 200: paymentSchema } } }, async (req) =>
      d.payments.pay(visitor(req, req.body.accessToken), req.body),
    );
    app.post('/subscriber/payment', { schema: { body: paymentRequestSchema, response: { 200: paymentSchema } } }, async (req) =>
      d.payments.pay(me(req), req.body),
    );
    app.get('/subscriber/payment', { schema: { querystring: moneyListQuerySchema, response: { 200: paymentListSchema } } }, async (req) =>
      d.money.payments(req.subscriber.id, req.query),
    );
    app.get('/public/payment/:id', { schema: { params: idParams, response: { 200: paymentSchema } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return d.payments.get(req.params.id, visitor(req));
    });
    app.post('/public/payment/:id/confirm', { schema: { params: idParams, body: paymentConfirmSchema, response: { 200: paymentSchema } } }, async (req) =>
      d.payments.confirm(req.params.id, visitor(req, req.body.accessToken)),
    );
    app.post('/subscriber/payment/:id/confirm', { schema: { params: idParams, response: { 200: paymentSchema } } }, async (req) =>
      d.payments.confirm(req.params.id, me(req)),
    );
    app.post('/public/payment/:id/cancel', { schema: { params: idParams, body: paymentConfirmSchema, response: { 200: paymentSchema } } }, async (req) =>
      d.payments.cancel(req.params.id, visitor(req, req.body.accessToken)),
    );
    app.post('/subscriber/payment/:id/cancel', { schema: { params: idParams, response: { 200: paymentSchema } } }, async (req) =>
      d.payments.cancel(req.params.id, me(req)),
    );
    app.post(
      '/public/payment/sandbox/authenticate/:reference',
      { schema: { params: z.object({ reference: z.string().regex(/^ch_sandbox_[0-9a-f]{24}$/) }), body: sandboxAuthenticateSchema } },
      async (req) => {
        const g = d.gateways.get('sandbox');
        if (!(g instanceof SandboxGateway)) throw appError('PAYMENT_OPTION_NOT_AVAILABLE');
        const result = await g.authenticate(req.params.reference, req.body.approve);
        if (!result) throw appError('PAYMENT_NOT_FOUND');
        return { status: result.status };
      },
    );

    // Webhooks: the raw body (signatures are over the exact bytes), in their own scope.
    await app.register(async (hooks) => {
      hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
      hooks.post('/public/payment/webhook/:gateway', { config: { rawBody: true } }, async (req) => {
        const { gateway } = req.params as { gateway: string };
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await d.payments.receiveEvent(gateway, body, req.headers);
        return { received: true };
      });
    });

    // --- saved cards and auto flags ---------------------------------------------------------------
    app.get('/subscriber/payment_method', { schema: { response: { 200: savedCardListSchema } } }, async (req) => d.cards.list(req.subscriber.id));
    app.post('/subscriber/payment_method', { schema: { body: savedCardCreateSchema, response: { 200: savedCardSchema } } }, async (req) =>
      d.cards.add(req.subscriber.id, req.body),
    );
    app.delete('/subscriber/payment_method/:id', { schema: { params: idParams } }, async (req, reply) => {
      await d.cards.remove(req.subscriber.id, req.params.id);
      return reply.status(204).send();
    });
    app.post('/subscriber/payment_method/:id/default', { schema: { params: idParams, response: { 200: savedCardSchema } } }, async (req) =>
      d.cards.setDefault(req.subscriber.id, req.params.id),
    );
    const flags = [
      ['auto_renew', 'autoRenew'],
      ['auto_extend', 'autoExtend'],
      ['auto_top-up', 'autoTopUp'],
    ] as const;
    for (const [path, flag] of flags) {
      for (const action of ['enable', 'disable'] as const) {
        app.post(`/subscriber/${path}/${action}`, { schema: { body: autoFlagRequestSchema, response: { 200: savedCardListSchema } } }, async (req) =>
          d.cards.setFlag(req.subscriber.id, flag, req.body.paymentMethodId, action === 'enable'),
        );
      }
    }

    // --- invoices and balance ----------------------------------------------------------------------
    app.get('/subscriber/invoice', { schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListSchema } } }, async (req) =>
      d.invoices.list(req.subscriber.id, req.query.page, req.query.pageSize),
    );
    app.get('/subscriber/invoice/:id', { schema: { params: idParams, response: { 200: invoiceSchema } } }, async (req) =>
      d.invoices.get(req.params.id, req.subscriber.id),
    );
    app.get('/subscriber/invoice/:id/pdf', { schema: { params: idParams } }, async (req, reply) => {
      const inv = await d.invoices.get(req.params.id, req.subscriber.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${inv.number}.pdf"`)
        .send(await d.invoices.pdf(inv));
    });
    app.get('/public/invoice/:token', { schema: { params: tokenParams, response: { 200: invoiceSchema } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return d.invoices.getPublic(req.params.token);
    });
    app.get('/public/invoice/:token/pdf', { schema: { params: tokenParams } }, async (req, reply) => {
      const inv = await d.invoices.getPublic(req.params.token);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .header('content-disposition', `inline; filename="invoice-${inv.number}.pdf"`)
        .send(await d.invoices.pdf(inv));
    });
    app.get('/subscriber/balance_transaction', { schema: { querystring: moneyListQuerySchema, response: { 200: balanceTransactionListSchema } } }, async (req) =>
      d.money.balanceTransactions(req.subscriber.id, req.query),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOnListSchema } from '@app/shared/contracts/catalogue';
import {
  addOnActivateRequestSchema,
  addOnActivateResultSchema,
  heldAddOnListSchema,
  portDetailsSchema,
  portOutDetailsSchema,
  portOutRequestSchema,
  publicAddOnPurchaseRequestSchema,
  publicAddOnQuoteRequestSchema,
  portIdBodySchema,
  portRequestListSchema,
  portRequestSchema,
  portResubmitBodySchema,
  portToSimBodySchema,
  portValidateBodySchema,
  publicSimActionPurchaseSchema,
  publicSimActionRequestSchema,
  publicSimRenewPurchaseSchema,
  publicWifiCallingResultSchema,
  type PublicSimActionRequest,
  recoverabilitySchema,
  simIdParamsSchema,
  simListQuerySchema,
  simListSchema,
  simLookupQuerySchema,
  simLookupSchema,
  simActionQuoteSchema,
  simAssignResultSchema,
  simAddOnsPurchaseSchema,
  simAddOnsRequestSchema,
  simChangePlanPurchaseSchema,
  simChangePlanRequestSchema,
  simRenewPurchaseSchema,
  simRenewRequestSchema,
  simRecoveryEsnPurchaseSchema,
  simRefreshEsnPurchaseSchema,
  simRefreshPurchaseSchema,
  simRefreshRequestSchema,
  simRefreshResultSchema,
  simReorderPurchaseSchema,
  simReorderRequestSchema,
  simSchema,
  topUpPurchaseSchema,
  topUpRequestSchema,
  usageLogQuerySchema,
  usageLogSchema,
  wifiCallingBodySchema,
  zipBodySchema,
} from '@app/shared/contracts/sims';
import { purchaseResultSchema } from '@app/shared/contracts/orders';
import { requestLocale } from '../../lib/request-locale.js';
import { quoteSchema } from '@app/shared/contracts/checkout';
import type { HeldAddOnsService } from './held-add-ons.service.js';
import type { PortOutService } from './port-out.service.js';
import type { PortingService } from './porting.service.js';
import type { SimActionsService } from './sim-actions.service.js';
import type { SimsService } from './sims.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { localLineNames } from '../catalogue/line-names.js';

const iccidParams = z.object({ id: z.string().trim().min(6).max(32) });
const toggleParams = simIdParamsSchema.extend({ state: z.enum(['enable', 'disable']) });
const portParams = z.object({ id: z.uuid() });

/**
 * SIM routes (spec §7 SIMs, SIM actions, Porting). Thin: parse, take the subscriber from the
 * session, call one service. Paid actions (renew, extend, change, recovery, add-ons, top-up) answer
 * a quote with their effect (`/price`) or create a checkout order to pay (see contracts/sims.ts).
 */
export function simRoutes(
  simsService: SimsService,
  porting: PortingService,
  paid: SimActionsService,
  catalogue: CatalogueService,
  more: { portOut: PortOutService; heldAddOns: HeldAddOnsService },
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Quote lines of paid SIM actions in the reader's language (decision 210).
    app.addHook('preSerialization', localLineNames(catalogue));
    const who = (req: { subscriber: { id: string; email: string } }) => ({ id: req.subscriber.id, email: req.subscriber.email });

    // --- paid SIM actions (quote → order; paid through /subscriber/payment) -------------------------------
    const quoteOpts = <B>(body: B) => ({ schema: { params: simIdParamsSchema, body, response: { 200: simActionQuoteSchema } } });
    const buyOpts = <B>(body: B) => ({ schema: { params: simIdParamsSchema, body, response: { 200: purchaseResultSchema } } });
    app.post('/subscriber/sim/:id/plan/renew/price', quoteOpts(simRenewRequestSchema), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'renew', mode: req.body.mode, priceId: req.body.priceId }),
    );
    app.post('/subscriber/sim/:id/plan/renew', buyOpts(simRenewPurchaseSchema), (req) =>
      paid.purchase(who(req), req.params.id, { kind: 'renew', mode: req.body.mode, priceId: req.body.priceId }, req.body),
    );
    app.post('/subscriber/sim/:id/plan/change/price', quoteOpts(simChangePlanRequestSchema), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'change', planId: req.body.planId, priceId: req.body.priceId }),
    );
    app.post('/subscriber/sim/:id/plan/change', buyOpts(simChangePlanPurchaseSchema), (req) =>
      paid.purchase(who(req), req.params.id, { kind: 'change', planId: req.body.planId, priceId: req.body.priceId }, req.body),
    );
    app.post('/subscriber/sim/:id/recovery/purchase/price', quoteOpts(simRenewRequestSchema), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'recover', priceId: req.body.priceId }),
    );
    app.post('/subscriber/sim/:id/recovery/purchase', buyOpts(simRenewPurchaseSchema), (req) =>
      paid.purchase(who(req), req.params.id, { kind: 'recover', priceId: req.body.priceId }, req.body),
    );
    app.post('/subscriber/sim/:id/addons/purchase/price', quoteOpts(simAddOnsRequestSchema), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'addons', items: req.body.items }),
    );
    app.post('/subscriber/sim/:id/addons/purchase', buyOpts(simAddOnsPurchaseSchema), (req) =>
      paid.purchase(who(req), req.params.id, { kind: 'addons', items: req.body.items }, req.body),
    );
    app.post('/subscriber/sim/:id/recovery/esn/activate', buyOpts(simRecoveryEsnPurchaseSchema), (req) =>
      paid.purchase(who(req), req.params.id, { kind: 'recover', priceId: req.body.priceId, newIccid: req.body.esn }, req.body),
    );
    // Refresh: a new eSIM profile (the old one stops working), or the number onto a new SIM card.
    app.post('/subscriber/sim/:id/refresh/price', quoteOpts(simRefreshRequestSchema), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'refresh', newIccid: req.body.esn }),
    );
    const refreshOpts = <B>(body: B) => ({ schema: { params: simIdParamsSchema, body, response: { 200: simRefreshResultSchema } } });
    app.post('/subscriber/sim/:id/refresh', refreshOpts(simRefreshPurchaseSchema), (req) => paid.refresh(who(req), req.params.id, { kind: 'refresh' }, req.body));
    app.post('/subscriber/sim/:id/refresh/esn/activate', refreshOpts(simRefreshEsnPurchaseSchema), (req) =>
      paid.refresh(who(req), req.params.id, { kind: 'refresh', newIccid: req.body.esn }, req.body),
    );
    // Physical SIM → eSIM: the number onto a new eSIM profile (priced and paid like a refresh).
    app.post('/subscriber/sim/:id/sim_source/change/purchase/price', quoteOpts(z.object({})), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'refresh', toEsim: true }),
    );
    app.post('/subscriber/sim/:id/sim_source/change/purchase', refreshOpts(simRefreshPurchaseSchema), (req) =>
      paid.refresh(who(req), req.params.id, { kind: 'refresh', toEsim: true }, req.body),
    );
    // A replacement card shipped for a physical SIM.
    app.post('/subscriber/sim/:id/reorder/purchase/price', quoteOpts(simReorderRequestSchema), (req) =>
      paid.price(req.subscriber.id, req.params.id, { kind: 'reorder', shippingCountry: req.body.shippingCountry, shippingRateId: req.body.shippingRateId }),
    );
    app.post('/subscriber/sim/:id/reorder/purchase', buyOpts(simReorderPurchaseSchema), (req) => paid.reorder(who(req), req.params.id, req.body));
    app.post('/subscriber/top_up/price', { schema: { body: topUpRequestSchema, response: { 200: simActionQuoteSchema } } }, (req) => paid.topUpPrice(req.body.amount));
    app.post('/subscriber/top_up', { schema: { body: topUpPurchaseSchema, response: { 200: purchaseResultSchema } } }, (req) =>
      paid.topUp(who(req), req.body.amount, req.body),
    );

    // --- subscriber -----------------------------------------------------------------------------------
    app.get('/subscriber/sim', { schema: { querystring: simListQuerySchema, response: { 200: simListSchema } } }, (req) =>
      simsService.list(req.subscriber.id, req.query, requestLocale(req)),
    );
    app.get('/subscriber/sim/:id', { schema: { params: simIdParamsSchema, response: { 200: simSchema } } }, (req) =>
      simsService.get(req.subscriber.id, req.params.id, requestLocale(req)),
    );
    app.post('/subscriber/sim/:id/activate', { schema: { params: simIdParamsSchema, body: zipBodySchema.optional(), response: { 202: simSchema } } }, async (req, reply) =>
      reply.code(202).send(await simsService.activate(req.subscriber.id, req.params.id, req.body?.zip)),
    );
    app.post('/subscriber/sim/:id/reactivate', { schema: { params: simIdParamsSchema, body: zipBodySchema.optional(), response: { 202: simSchema } } }, async (req, reply) =>
      reply.code(202).send(await simsService.reactivate(req.subscriber.id, req.params.id, req.body?.zip)),
    );
    app.post('/subscriber/sim/:id/reconnect', { schema: { params: simIdParamsSchema, response: { 202: simSchema } } }, async (req, reply) =>
      reply.code(202).send(await simsService.reconnect(req.subscriber.id, req.params.id)),
    );
    // Here the id is the ICCID or ESN printed on the card: the SIM is not in the account yet.
    app.post('/subscriber/sim/:id/assign', { schema: { params: iccidParams, response: { 200: simAssignResultSchema } } }, (req) =>
      simsService.assign(req.subscriber.id, req.params.id, requestLocale(req)),
    );
    app.post('/subscriber/sim/:id/pwg/wfc', { schema: { params: simIdParamsSchema, body: wifiCallingBodySchema, response: { 202: simSchema } } }, async (req, reply) =>
      reply.code(202).send(await simsService.setWifiCalling(req.subscriber.id, req.params.id, req.body)),
    );
    app.post('/subscriber/sim/:id/plan/auto_renew/:state', { schema: { params: toggleParams, response: { 200: simSchema } } }, (req) =>
      simsService.setAuto(req.subscriber.id, req.params.id, 'autoRenew', req.params.state === 'enable'),
    );
    app.post('/subscriber/sim/:id/plan/auto_extend/:state', { schema: { params: toggleParams, response: { 200: simSchema } } }, (req) =>
      simsService.setAuto(req.subscriber.id, req.params.id, 'autoExtend', req.params.state === 'enable'),
    );
    app.get('/subscriber/sim/:id/usage_log', { schema: { params: simIdParamsSchema, querystring: usageLogQuerySchema, response: { 200: usageLogSchema } } }, (req) =>
      simsService.usageLog(req.subscriber.id, req.params.id, req.query),
    );
    app.get('/subscriber/sim/check_recoverability/:id', { schema: { params: simIdParamsSchema, response: { 200: recoverabilitySchema } } }, (req) =>
      simsService.checkRecoverability(req.subscriber.id, req.params.id),
    );
    app.get('/subscriber/sim/:id/purchase/allowed-addon-plans', { schema: { params: simIdParamsSchema, response: { 200: addOnListSchema } } }, (req) =>
      simsService.allowedAddOnsForSim(req.subscriber.id, req.params.id, requestLocale(req)),
    );
    app.get(
      '/subscriber/add-on_plans',
      { schema: { response: { 200: z.array(z.object({ simId: z.uuid(), mdn: z.string().nullable(), addOns: addOnListSchema })) } } },
      (req) => simsService.addOnPlans(req.subscriber.id, requestLocale(req)),
    );

    // --- porting --------------------------------------------------------------------------------------
    for (const prefix of ['/public', '/subscriber'] as const) {
      app.post(`${prefix}/sim/port/validate`, { schema: { body: portValidateBodySchema, response: { 200: z.object({ number: z.string(), eligible: z.literal(true) }) } } }, (req) =>
        porting.validate(req.body.number),
      );
    }
    app.post('/subscriber/sim/port/activate/to_inactive_sim', { schema: { body: portToSimBodySchema, response: { 202: portRequestSchema } } }, async (req, reply) =>
      reply.code(202).send(await porting.toInactiveSim(req.subscriber.id, req.body)),
    );
    app.post('/subscriber/sim/port/activate/to_active_sim', { schema: { body: portToSimBodySchema, response: { 202: portRequestSchema } } }, async (req, reply) =>
      reply.code(202).send(await porting.toActiveSim(req.subscriber.id, req.body)),
    );
    app.get('/subscriber/sim/port', { schema: { response: { 200: portRequestListSchema } } }, (req) => porting.list(req.subscriber.id));
    app.post('/subscriber/sim/port/check', { schema: { body: portIdBodySchema, response: { 200: portRequestSchema } } }, (req) =>
      porting.check(req.subscriber.id, req.body.portId),
    );
    app.post('/subscriber/sim/port/cancel', { schema: { body: portIdBodySchema, response: { 200: portRequestSchema } } }, (req) =>
      porting.cancel(req.subscriber.id, req.body.portId),
    );
    app.post('/subscriber/sim/port/:id/resubmit', { schema: { params: portParams, body: portResubmitBodySchema, response: { 202: portRequestSchema } } }, async (req, reply) =>
      reply.code(202).send(await porting.resubmit(req.subscriber.id, req.params.id, req.body)),
    );
    // Port-out: what another carrier needs to take the number (`:id` is the SIM), and a new transfer PIN.
    app.get('/subscriber/sim/port/:id/port-out', { schema: { params: simIdParamsSchema, response: { 200: portOutDetailsSchema } } }, (req) =>
      more.portOut.details(req.subscriber.id, req.params.id),
    );
    app.post('/subscriber/sim/port/:id/port-out', { schema: { params: simIdParamsSchema, body: portOutRequestSchema, response: { 200: portOutDetailsSchema } } }, (req) =>
      more.portOut.issue(req.subscriber.id, req.params.id, req.body.requestId),
    );
    void portDetailsSchema;

    // --- add-ons kept on the account, and the public add-on purchase (decision 180) --------------------
    app.get('/subscriber/add-on_plan/held', { schema: { response: { 200: heldAddOnListSchema } } }, (req) => more.heldAddOns.list(req.subscriber.id, requestLocale(req)));
    app.post('/subscriber/add-on_plan/activate', { schema: { body: addOnActivateRequestSchema, response: { 200: addOnActivateResultSchema } } }, (req) =>
      more.heldAddOns.activate(req.subscriber.id, req.body.heldAddOnId, req.body.simId, requestLocale(req)),
    );
    app.post('/public/add-on_plan/purchase/price', { schema: { body: publicAddOnQuoteRequestSchema, response: { 200: quoteSchema } } }, (req) =>
      paid.publicAddOnPrice(req.body),
    );
    app.post('/public/add-on_plan/purchase', { schema: { body: publicAddOnPurchaseRequestSchema, response: { 200: purchaseResultSchema } } }, (req) =>
      paid.publicAddOnPurchase(req.body),
    );

    // --- public ---------------------------------------------------------------------------------------
    app.get('/public/sim/lookup', { schema: { querystring: simLookupQuerySchema, response: { 200: simLookupSchema } } }, (req) =>
      simsService.lookup(req.query.iccid),
    );
    app.get('/public/sim/availability', { schema: { response: { 200: z.object({ physical: z.boolean(), esim: z.boolean() }) } } }, () =>
      simsService.availability(),
    );
    app.post(
      '/public/sim/:id/verify',
      {
        schema: {
          params: iccidParams,
          response: {
            200: z.union([
              z.object({ valid: z.literal(true), kind: z.enum(['physical', 'esim']), availability: simLookupSchema.shape.availability }),
              z.object({ valid: z.literal(false), reason: z.string() }),
            ]),
          },
        },
      },
      (req) => simsService.verify(req.params.id),
    );
    app.get('/public/sim/:id/sim_source', { schema: { params: iccidParams, response: { 200: z.object({ type: z.string(), kind: z.enum(['physical', 'esim']) }) } } }, (req) =>
      simsService.simSourceOf(req.params.id),
    );
    app.get('/public/sim_source', { schema: { response: { 200: z.array(z.object({ type: z.string(), kind: z.enum(['physical', 'esim']) })) } } }, () =>
      simsService.simSources(),
    );
    app.post(
      '/public/sim/:id/activate',
      { schema: { params: iccidParams, body: zipBodySchema.optional(), response: { 202: z.object({ status: z.string(), iccid: z.string(), planName: z.string().nullable() }) } } },
      async (req, reply) => reply.code(202).send(await simsService.activateByIccid(req.params.id, req.body?.zip)),
    );
    // Paid actions and Wi-Fi calling for a card, without signing in (its ICCID names it).
    const publicSpec = (b: PublicSimActionRequest) =>
      b.action === 'addons' ? { kind: 'addons' as const, items: b.items } : { kind: 'renew' as const, mode: b.action, priceId: b.priceId };
    app.post('/public/sim/:id/purchase/price', { schema: { params: iccidParams, body: publicSimActionRequestSchema, response: { 200: simActionQuoteSchema } } }, (req) =>
      paid.publicPrice(req.params.id, publicSpec(req.body)),
    );
    app.post('/public/sim/:id/purchase', { schema: { params: iccidParams, body: publicSimActionPurchaseSchema, response: { 200: purchaseResultSchema } } }, (req) =>
      paid.publicPurchase(req.params.id, publicSpec(req.body), req.body),
    );
    app.post('/public/sim/:id/renew', { schema: { params: iccidParams, body: publicSimRenewPurchaseSchema, response: { 200: purchaseResultSchema } } }, (req) =>
      paid.publicPurchase(req.params.id, { kind: 'renew', mode: req.body.mode, priceId: req.body.priceId }, req.body),
    );
    app.post('/public/sim/:id/wfc', { schema: { params: iccidParams, body: wifiCallingBodySchema, response: { 202: publicWifiCallingResultSchema } } }, async (req, reply) =>
      reply.code(202).send(await simsService.setWifiCallingByIccid(req.params.id, req.body)),
    );
    app.get('/public/sim/:id/purchase/allowed-addon-plans', { schema: { params: simIdParamsSchema, response: { 200: addOnListSchema } } }, (req) =>
      // Before purchase the id is the plan chosen (the SIM does not exist yet).
      simsService.allowedAddOns(req.params.id, requestLocale(req)),
    );
  };
}

import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { addOnListSchema, planCategoryListSchema, planPricingListSchema } from '@app/shared/contracts/catalogue';
import { quoteSchema, type Quote, type ShippingAddress } from '@app/shared/contracts/checkout';
import {
  portRequestListSchema,
  portRequestSchema,
  publicWifiCallingResultSchema,
  recoverabilitySchema,
  simListSchema,
  simLookupSchema,
  simActionQuoteSchema,
  simAssignResultSchema,
  portOutDetailsSchema,
  heldAddOnListSchema,
  addOnActivateResultSchema,
  simRefreshResultSchema,
  simSchema,
  usageLogSchema,
  type E911AddressInput,
  type PortDetailsInput,
  type PortRequestView,
  type Sim,
  type SimRefreshResult,
} from '@app/shared/contracts/sims';
import { purchaseResultSchema, type PurchaseResult } from '@app/shared/contracts/orders';
import { api, type ApiError } from '../../../lib/api-client';

/**
 * The SIM screens' calls (spec §7 SIMs, SIM actions, Porting). Query options sit next to their
 * fetchers; mutations write the SIM they get back into the cache so every screen shows the same state.
 */

/** How often a screen asks again while a carrier action or a port is on its way. */
export const POLL_MS = 3_000;

const simsKey = ['subscriber', 'sims'] as const;

export const simListQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...simsKey, 'list', { page, limit }] as const,
    queryFn: ({ signal }) => api.get('/subscriber/sim', { signal, query: { page, limit }, schema: simListSchema, toast: false }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // A SIM waiting for the network turns active on its own: keep the list current while one does.
    refetchInterval: (query) => (query.state.data?.data.some((s) => s.pendingAction || s.status.status === 'pending') ? POLL_MS : false),
  });

export function useSimList(page: number, limit = 20) {
  return useQuery(simListQueryOptions(page, limit));
}

export const simQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...simsKey, 'one', id] as const,
    queryFn: ({ signal }) => api.get(`/subscriber/sim/${encodeURIComponent(id)}`, { signal, schema: simSchema, toast: false }),
    staleTime: 10_000,
    refetchInterval: (query) => (query.state.data?.pendingAction || query.state.data?.status.status === 'pending' ? POLL_MS : false),
  });

export function useSim(id: string | undefined) {
  return useQuery({ ...simQueryOptions(id ?? ''), enabled: Boolean(id) });
}

function storeSim(client: QueryClient, sim: Sim): Sim {
  client.setQueryData(simQueryOptions(sim.id).queryKey, sim);
  void client.invalidateQueries({ queryKey: [...simsKey, 'list'] });
  return sim;
}

export async function setAutoFlag(client: QueryClient, id: string, which: 'auto_renew' | 'auto_extend', on: boolean): Promise<Sim> {
  const sim = await api.post(`/subscriber/sim/${encodeURIComponent(id)}/plan/${which}/${on ? 'enable' : 'disable'}`, undefined, { schema: simSchema });
  return storeSim(client, sim);
}

export async function activateOwnSim(client: QueryClient, id: string, zip: string, retry: boolean, toast: (e: ApiError) => boolean): Promise<Sim> {
  const path = `/subscriber/sim/${encodeURIComponent(id)}/${retry ? 'reactivate' : 'activate'}`;
  const sim = await api.post(path, { zip }, { schema: simSchema, toast });
  return storeSim(client, sim);
}

/**
 * Puts a SIM into the account by the ICCID or ESN printed on it (one line of /dashboard/add-sims).
 * The caller reports every outcome itself, so nothing is toasted.
 */
export function assignSim(number: string) {
  return api.post(`/subscriber/sim/${encodeURIComponent(number)}/assign`, undefined, { schema: simAssignResultSchema, toast: false });
}

/** After SIMs joined the account: every SIM screen reads the list again. */
export function refreshSimLists(client: QueryClient) {
  return client.invalidateQueries({ queryKey: simsKey });
}

// --- usage -----------------------------------------------------------------------------------------------

export const usageQueryOptions = (simId: string, from: string) =>
  queryOptions({
    queryKey: [...simsKey, 'usage', simId, from] as const,
    queryFn: ({ signal }) =>
      api.get(`/subscriber/sim/${encodeURIComponent(simId)}/usage_log`, { signal, query: { from, limit: 500 }, schema: usageLogSchema, toast: false }),
    staleTime: 60_000,
  });

export function useUsage(simId: string | undefined, from: string) {
  return useQuery({ ...usageQueryOptions(simId ?? '', from), enabled: Boolean(simId) });
}

// --- add-ons ---------------------------------------------------------------------------------------------

export const addOnsForSimQueryOptions = (simId: string) =>
  queryOptions({
    queryKey: [...simsKey, 'addons', simId] as const,
    queryFn: ({ signal }) =>
      api.get(`/subscriber/sim/${encodeURIComponent(simId)}/purchase/allowed-addon-plans`, { signal, schema: addOnListSchema, toast: false }),
    staleTime: 60_000,
    retry: false,
  });

export function useAddOnsForSim(simId: string | undefined) {
  return useQuery({ ...addOnsForSimQueryOptions(simId ?? ''), enabled: Boolean(simId) });
}

// --- public activation -----------------------------------------------------------------------------------

export const verifyIccidSchema = z.union([
  z.object({ valid: z.literal(true), kind: z.enum(['physical', 'esim']), availability: simLookupSchema.shape.availability }),
  z.object({ valid: z.literal(false), reason: z.string() }),
]);

export function verifyIccid(iccid: string) {
  return api.post(`/public/sim/${encodeURIComponent(iccid)}/verify`, undefined, { schema: verifyIccidSchema, toast: false });
}

export function lookupIccid(iccid: string, signal?: AbortSignal) {
  return api.get('/public/sim/lookup', { signal, query: { iccid }, schema: simLookupSchema, toast: false });
}

export const publicActivationSchema = z.object({ status: z.string(), iccid: z.string(), planName: z.string().nullable() });

export function activateByIccid(iccid: string, zip: string) {
  return api.post(`/public/sim/${encodeURIComponent(iccid)}/activate`, { zip }, { schema: publicActivationSchema, toast: false });
}

// --- porting ---------------------------------------------------------------------------------------------

const portsKey = ['subscriber', 'ports'] as const;

export const portListQueryOptions = queryOptions({
  queryKey: portsKey,
  queryFn: ({ signal }) => api.get('/subscriber/sim/port', { signal, schema: portRequestListSchema, toast: false }),
  staleTime: 5_000,
  // Ports move on the carrier's side: follow the ones still moving.
  refetchInterval: (query) => (query.state.data?.some((p) => p.status === 'submitted' || p.status === 'pending') ? POLL_MS * 2 : false),
});

export function usePorts() {
  return useQuery(portListQueryOptions);
}

export function validatePortNumber(isAuth: boolean, number: string) {
  return api.post(`/${isAuth ? 'subscriber' : 'public'}/sim/port/validate`, { number }, {
    schema: z.object({ number: z.string(), eligible: z.literal(true) }),
    toast: false,
  });
}

function storePort(client: QueryClient, port: PortRequestView): PortRequestView {
  client.setQueryData(portsKey, (list: PortRequestView[] | undefined) =>
    list ? (list.some((p) => p.id === port.id) ? list.map((p) => (p.id === port.id ? port : p)) : [port, ...list]) : [port],
  );
  void client.invalidateQueries({ queryKey: simsKey });
  return port;
}

export async function startPort(
  client: QueryClient,
  mode: 'to_inactive_sim' | 'to_active_sim',
  body: PortDetailsInput & { simId: string },
  toast: (e: ApiError) => boolean,
) {
  return storePort(client, await api.post(`/subscriber/sim/port/activate/${mode}`, body, { schema: portRequestSchema, toast }));
}

export async function checkPort(client: QueryClient, portId: string) {
  return storePort(client, await api.post('/subscriber/sim/port/check', { portId }, { schema: portRequestSchema }));
}

export async function cancelPort(client: QueryClient, portId: string) {
  return storePort(client, await api.post('/subscriber/sim/port/cancel', { portId }, { schema: portRequestSchema }));
}

export async function resubmitPort(
  client: QueryClient,
  portId: string,
  body: Partial<Omit<PortDetailsInput, 'number'>>,
  toast: (e: ApiError) => boolean,
) {
  return storePort(client, await api.post(`/subscriber/sim/port/${encodeURIComponent(portId)}/resubmit`, body, { schema: portRequestSchema, toast }));
}

// --- paid SIM actions (decision 163: quote with its effect → order → checkout's payment pages) -----------

/** A paid action and its body; the server prices it and says what it does and when. */
export type PaidSimAction =
  | { kind: 'renew'; simId: string; priceId?: string }
  | { kind: 'extend'; simId: string; priceId?: string }
  | { kind: 'change'; simId: string; planId: string; priceId: string }
  | { kind: 'recover'; simId: string; priceId?: string }
  | { kind: 'addons'; simId: string; items: { addonId: string; quantity: number }[] }
  | { kind: 'top_up'; amount: number };

export function paidActionRequest(action: PaidSimAction): { path: string; body: Record<string, unknown> } {
  if (action.kind === 'top_up') return { path: '/subscriber/top_up', body: { amount: action.amount } };
  const sim = `/subscriber/sim/${encodeURIComponent(action.simId)}`;
  switch (action.kind) {
    case 'renew':
    case 'extend':
      return { path: `${sim}/plan/renew`, body: { mode: action.kind, ...(action.priceId ? { priceId: action.priceId } : {}) } };
    case 'change':
      return { path: `${sim}/plan/change`, body: { planId: action.planId, priceId: action.priceId } };
    case 'recover':
      return { path: `${sim}/recovery/purchase`, body: action.priceId ? { priceId: action.priceId } : {} };
    case 'addons':
      return { path: `${sim}/addons/purchase`, body: { items: action.items } };
  }
}

export const paidActionQuoteOptions = (action: PaidSimAction) => {
  const { path, body } = paidActionRequest(action);
  return queryOptions({
    // Under 'subscriber' so logout drops it; a quote is short-lived (prices, the period's end move).
    queryKey: ['subscriber', 'sim-action-quote', path, body] as const,
    queryFn: ({ signal }) => api.post(`${path}/price`, body, { signal, schema: simActionQuoteSchema, toast: false }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
};

/** Places the order for an action (the same `requestId` answers the same order); paid on /payment. */
export function purchasePaidAction(action: PaidSimAction, expectedTotal: number, requestId: string): Promise<PurchaseResult> {
  const { path, body } = paidActionRequest(action);
  return api.post(path, { ...body, expectedTotal, requestId }, { schema: purchaseResultSchema, toast: false });
}

/** Every SIM with a plan and the add-ons it may take (GET /subscriber/add-on_plans). */
export const addOnPlansSchema = z.array(z.object({ simId: z.uuid(), mdn: z.string().nullable(), addOns: addOnListSchema }));

export const addOnPlansQueryOptions = queryOptions({
  queryKey: [...simsKey, 'addon-plans'] as const,
  queryFn: ({ signal }) => api.get('/subscriber/add-on_plans', { signal, schema: addOnPlansSchema, toast: false }),
  staleTime: 60_000,
});

export function useAddOnPlans() {
  return useQuery(addOnPlansQueryOptions);
}

/** GET /subscriber/sim/check_recoverability/:id: `{recoverable: true}` or an error with the spec's recovery code. */
export function useRecoverability(simId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...simsKey, 'recoverability', simId] as const,
    queryFn: ({ signal }) =>
      api.get(`/subscriber/sim/check_recoverability/${encodeURIComponent(simId)}`, { signal, schema: recoverabilitySchema, toast: false }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** The plans a SIM may change to, with their prices (the public catalogue; the server re-checks all of it). */
export function usePlanChoices(enabled: boolean) {
  const { locale } = useIntl();
  const categories = useQuery({
    queryKey: ['public', 'sims', 'plan-categories', locale] as const,
    queryFn: ({ signal }) => api.get('/public/plan_category', { signal, locale, schema: planCategoryListSchema, toast: false }),
    staleTime: 5 * 60_000,
    enabled,
  });
  const prices = useQuery({
    queryKey: ['public', 'sims', 'plan-pricing'] as const,
    queryFn: ({ signal }) => api.get('/public/plan_pricing', { signal, query: { isActive: 'true' }, schema: planPricingListSchema, toast: false }),
    staleTime: 5 * 60_000,
    enabled,
  });
  return { categories, prices };
}

// --- Wi-Fi calling and the 911 address -------------------------------------------------------------------

export type WifiCallingBody = { enabled: boolean; address?: E911AddressInput };

/** Turns Wi-Fi calling on or off / changes the 911 address (validated by the network first); the SIM shows it pending. */
export async function setWifiCalling(client: QueryClient, simId: string, body: WifiCallingBody): Promise<Sim> {
  const sim = await api.post(`/subscriber/sim/${encodeURIComponent(simId)}/pwg/wfc`, body, { schema: simSchema, toast: false });
  return storeSim(client, sim);
}

/** The same by the ICCID on the card, signed out; the answer says only that the change is on its way. */
export function setWifiCallingByIccid(iccid: string, body: WifiCallingBody) {
  return api.post(`/public/sim/${encodeURIComponent(iccid.trim())}/wfc`, body, { schema: publicWifiCallingResultSchema, toast: false });
}

// --- SIM cards shipped: blank cards, or a replacement for one SIM (decision 177) ---------------------------

/** Blank SIM cards (POST /subscriber/sim/purchase/sim) or a replacement card for a physical SIM (…/reorder/purchase). */
export type CardOrder = { kind: 'cards'; quantity: number } | { kind: 'replacement'; simId: string };

function cardPaths(order: CardOrder): { price: string; buy: string } {
  if (order.kind === 'cards') return { price: '/subscriber/sim/purchase/sim/price', buy: '/subscriber/sim/purchase/sim' };
  const sim = `/subscriber/sim/${encodeURIComponent(order.simId)}/reorder/purchase`;
  return { price: `${sim}/price`, buy: sim };
}

/** The server's price for the cards shipped to `country` by the chosen delivery option (the cheapest when none is chosen). */
export const cardQuoteOptions = (order: CardOrder, country: string, shippingRateId: string | undefined) => {
  const body = { ...(order.kind === 'cards' ? { quantity: order.quantity } : {}), shippingCountry: country, ...(shippingRateId ? { shippingRateId } : {}) };
  return queryOptions({
    queryKey: ['subscriber', 'sim-card-quote', order, body] as const,
    queryFn: async ({ signal }): Promise<Quote> => {
      const path = cardPaths(order).price;
      if (order.kind === 'cards') return api.post(path, body, { signal, schema: quoteSchema, toast: false });
      return (await api.post(path, body, { signal, schema: simActionQuoteSchema, toast: false })).quote;
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
};

/** Places the card order (one per `requestId`); paid on checkout's pages like any order. */
export function purchaseCards(
  order: CardOrder,
  body: { shippingAddress: ShippingAddress; shippingRateId?: string | undefined; expectedTotal: number; requestId: string },
): Promise<PurchaseResult> {
  return api.post(cardPaths(order).buy, { ...(order.kind === 'cards' ? { quantity: order.quantity } : {}), ...body }, { schema: purchaseResultSchema, toast: false });
}

// --- the card or profile behind a number: eSIM reissue, change to eSIM, a new card (decision 165) ---------

export type CardChange =
  /** eSIM: a new profile (new QR code); the old one stops working. */
  | { kind: 'reissue'; simId: string }
  /** Physical SIM: the number onto a new eSIM profile. */
  | { kind: 'to_esim'; simId: string }
  /** Physical SIM: the number onto the card whose ICCID is `esn`. */
  | { kind: 'new_card'; simId: string; esn: string };

function cardChangeRequest(change: CardChange): { price: string; confirm: string; body: Record<string, string> } {
  const sim = `/subscriber/sim/${encodeURIComponent(change.simId)}`;
  switch (change.kind) {
    case 'reissue':
      return { price: `${sim}/refresh/price`, confirm: `${sim}/refresh`, body: {} };
    case 'to_esim':
      return { price: `${sim}/sim_source/change/purchase/price`, confirm: `${sim}/sim_source/change/purchase`, body: {} };
    case 'new_card':
      return { price: `${sim}/refresh/price`, confirm: `${sim}/refresh/esn/activate`, body: { esn: change.esn } };
  }
}

export const cardChangeQuoteOptions = (change: CardChange) => {
  const { price, body } = cardChangeRequest(change);
  return queryOptions({
    queryKey: ['subscriber', 'sim-card-change-quote', price, body] as const,
    queryFn: ({ signal }) => api.post(price, body, { signal, schema: simActionQuoteSchema, toast: false }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
};

/**
 * Confirms the change at the total shown: free, the network is asked at once and the SIM shows it
 * pending; with a fee, the answer carries the order to pay (`purchase`). A repeated `requestId`
 * changes nothing twice.
 */
export async function confirmCardChange(client: QueryClient, change: CardChange, expectedTotal: number, requestId: string): Promise<SimRefreshResult> {
  const { confirm, body } = cardChangeRequest(change);
  const result = await api.post(confirm, { ...body, expectedTotal, requestId }, { schema: simRefreshResultSchema, toast: false });
  storeSim(client, result.sim);
  return result;
}

// --- port-out: the transfer PIN (decision 179) ------------------------------------------------------------

export const portOutQueryOptions = (simId: string) =>
  queryOptions({
    queryKey: [...simsKey, 'port-out', simId] as const,
    queryFn: ({ signal }) => api.get(`/subscriber/sim/port/${encodeURIComponent(simId)}/port-out`, { signal, schema: portOutDetailsSchema, toast: false }),
    staleTime: 60_000,
    retry: false,
  });

/** A new transfer PIN (the previous one stops working); the same `requestId` answers the same PIN. */
export async function issuePortOutPin(client: QueryClient, simId: string, requestId: string) {
  const details = await api.post(`/subscriber/sim/port/${encodeURIComponent(simId)}/port-out`, { requestId }, { schema: portOutDetailsSchema, toast: false });
  client.setQueryData(portOutQueryOptions(simId).queryKey, details);
  return details;
}

// --- add-ons kept on the account (decision 180) -----------------------------------------------------------

export const heldAddOnsQueryOptions = queryOptions({
  queryKey: [...simsKey, 'held-add-ons'] as const,
  queryFn: ({ signal }) => api.get('/subscriber/add-on_plan/held', { signal, schema: heldAddOnListSchema, toast: false }),
  staleTime: 30_000,
});

/** Puts an add-on kept on the account onto one of the subscriber's SIMs. */
export async function activateHeldAddOn(client: QueryClient, heldAddOnId: string, simId: string) {
  const result = await api.post('/subscriber/add-on_plan/activate', { heldAddOnId, simId }, { schema: addOnActivateResultSchema, toast: false });
  storeSim(client, result.sim);
  void client.invalidateQueries({ queryKey: heldAddOnsQueryOptions.queryKey });
  return result;
}

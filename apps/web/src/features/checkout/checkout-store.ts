import { useSyncExternalStore } from 'react';
import type { AccountOutcome, ShippingAddress } from '@app/shared/contracts/checkout';
import type { PurchaseResult } from '@app/shared/contracts/orders';
import type { GatewayIdValue, PaymentMethodKindValue, PaymentFailureCode } from '@app/shared/contracts/payments';
import { onLogout } from '../../lib/session';
import { StorageKey } from '../../lib/storage-keys';
import { readItem, removeItem, writeItem } from '../../lib/storage';

/**
 * The checkout in progress, kept under the `order` key as base64 of JSON (SPEC §9), so a reload on any
 * checkout page comes back to the same step with the same order. Never holds a card number: the card
 * form keeps that in memory and hands the gateway's token straight to the payment request.
 */
export interface CheckoutOrder {
  id: string;
  number: string;
  total: number;
  currency: string;
  /** Bearer of the order for confirm, polling and reading it (see purchaseResultSchema). */
  accessToken: string;
  account: AccountOutcome;
  email: string;
}

export interface CheckoutPayment {
  /** One per click of Pay; the same id is sent again after a reload so nothing is charged twice. */
  requestId: string;
  id?: string;
  status?: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled' | 'refunded';
  failureCode?: PaymentFailureCode | null;
}

/**
 * Set when the order pays for something other than the cart (a SIM renewal, an add-on, a top-up,
 * placed by its own page): paying it leaves the cart alone, and the pages lead back to `returnTo`.
 */
export interface CheckoutAction {
  returnTo: string;
}

export interface CheckoutState {
  email: string;
  shippingAddress: ShippingAddress | null;
  shippingRateId: string | null;
  /** One per purchase request body: the same body sent twice (double click, reload) makes one order. */
  purchaseRequestId: string | null;
  /** The request body the id above belongs to, so a changed cart gets a new id (and a new order). */
  purchaseFingerprint: string | null;
  order: CheckoutOrder | null;
  gateway: GatewayIdValue | null;
  method: PaymentMethodKindValue | null;
  payment: CheckoutPayment | null;
  action: CheckoutAction | null;
}

export const EMPTY_CHECKOUT: CheckoutState = {
  email: '',
  shippingAddress: null,
  shippingRateId: null,
  purchaseRequestId: null,
  purchaseFingerprint: null,
  order: null,
  gateway: null,
  method: null,
  payment: null,
  action: null,
};

/** UTF-8 safe base64 (names and addresses are not ASCII everywhere). */
export function encodeOrder(state: CheckoutState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeOrder(stored: string | null): CheckoutState {
  if (!stored) return EMPTY_CHECKOUT;
  try {
    const binary = atob(stored);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Partial<CheckoutState>;
    if (!parsed || typeof parsed !== 'object') return EMPTY_CHECKOUT;
    return { ...EMPTY_CHECKOUT, ...parsed };
  } catch {
    // Damaged or written by an older version: start the checkout over rather than crash.
    return EMPTY_CHECKOUT;
  }
}

let state: CheckoutState = decodeOrder(readItem(StorageKey.order));
const listeners = new Set<() => void>();

function commit(next: CheckoutState, persist = true) {
  state = next;
  if (persist) writeItem(StorageKey.order, encodeOrder(next));
  for (const listener of listeners) listener();
}

export const checkoutStore = {
  getState: (): CheckoutState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<CheckoutState>) {
    commit({ ...state, ...patch });
  },
  clear() {
    removeItem(StorageKey.order);
    commit(EMPTY_CHECKOUT, false);
  },
  /** Re-reads storage (another tab, or a test that wrote storage directly). */
  reload() {
    commit(decodeOrder(readItem(StorageKey.order)), false);
  },
};

/**
 * Another page placed an order (a paid SIM action) and hands it to /select-payment → /payment →
 * /payment-confirmation, the same pages and the same exactly-once attempts as a cart order. Answers
 * the path to go to.
 */
export function payPlacedOrder(result: PurchaseResult, returnTo: string): string {
  const current = state;
  const sameOrder = current.order?.id === result.order.id;
  commit({
    ...EMPTY_CHECKOUT,
    order: {
      id: result.order.id,
      number: result.order.number,
      total: result.order.total,
      currency: result.order.currency,
      accessToken: result.accessToken,
      account: result.account,
      email: result.order.email,
    },
    // The same order again (a repeated confirmation): keep its attempt, so a reload never pays twice.
    gateway: sameOrder ? current.gateway : null,
    method: sameOrder ? current.method : null,
    payment: sameOrder ? current.payment : null,
    action: { returnTo },
  });
  return '/select-payment';
}

export function useCheckout(): CheckoutState {
  // The server has no stored order: it renders the empty one, and so does hydration (decision 202).
  return useSyncExternalStore(checkoutStore.subscribe, checkoutStore.getState, () => EMPTY_CHECKOUT);
}

onLogout(() => commit(EMPTY_CHECKOUT, false));

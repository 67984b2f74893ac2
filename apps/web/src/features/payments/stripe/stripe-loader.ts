import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';

/**
 * The part of Stripe.js our components use. Stripe.js itself comes from js.stripe.com (Stripe's
 * terms forbid bundling it); `@stripe/stripe-js/pure` only injects that script tag, and only when a
 * card form actually mounts, so a visitor who never pays by Stripe never loads it.
 */
export interface StripeLike {
  elements(options?: { locale?: string }): { create(type: 'card', options?: object): CardElementLike };
  createPaymentMethod(data: { type: 'card'; card: CardElementLike; billing_details?: { email?: string; name?: string } }): Promise<{
    paymentMethod?: { id: string };
    error?: { message?: string; code?: string; decline_code?: string };
  }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ paymentIntent?: { status: string }; error?: { message?: string; code?: string } }>;
}

export interface CardElementLike {
  mount(el: HTMLElement): void;
  destroy(): void;
  focus(): void;
  on(event: 'change', handler: (e: Pick<StripeCardElementChangeEvent, 'complete' | 'error'>) => void): unknown;
  on(event: 'ready', handler: () => void): unknown;
}

export type StripeLoader = (publishableKey: string) => Promise<StripeLike | null>;

const loaded = new Map<string, Promise<StripeLike | null>>();

/** Loads Stripe.js once per key; a failed load (offline, blocked) may be tried again. */
export const loadStripeJs: StripeLoader = (publishableKey) => {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = import('@stripe/stripe-js/pure')
      .then((m) => m.loadStripe(publishableKey))
      .then((stripe: Stripe | null) => stripe as unknown as StripeLike | null);
    p.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, p);
  }
  return p;
};

/** Types kept for callers that hold a real element. */
export type { StripeCardElement };

import { randomBytes, randomUUID } from 'node:crypto';
import { sandboxToken, type SandboxOutcome } from '@app/shared/rules/sandbox-card';
import type { CartItem } from '@app/shared/contracts/cart';
import type { ShippingAddress } from '@app/shared/contracts/checkout';
import type { Container } from '../container.js';

/** Test aids for checkout: catalogue picks, cart items, addresses and sandbox card tokens. */

export interface PickedPlan {
  planId: string;
  priceId: string;
  categoryId: string;
  price: number;
  physical: boolean;
}

export async function pickPlans(c: Container): Promise<{ physical: PickedPlan[]; esim: PickedPlan[] }> {
  const snap = await c.services.catalogue.snapshot();
  const out: { physical: PickedPlan[]; esim: PickedPlan[] } = { physical: [], esim: [] };
  for (const price of snap.prices) {
    const plan = snap.plans.get(price.planId);
    if (!plan?.isActive || !price.isActive) continue;
    const physical = plan.simSource.type.startsWith('sim_');
    (physical ? out.physical : out.esim).push({ planId: plan.id, priceId: price.id, categoryId: plan.categoryId, price: price.price, physical });
  }
  // Paid plans only (free ones make totals that cannot be tampered below zero), cheapest first.
  out.physical = out.physical.filter((p) => p.price > 0).sort((a, b) => a.price - b.price);
  out.esim = out.esim.filter((p) => p.price > 0).sort((a, b) => a.price - b.price);
  return out;
}

/** An active add-on and a plan price of the given kind it may be bought with. */
export async function addOnWithPlan(c: Container, kind: 'physical' | 'esim') {
  const snap = await c.services.catalogue.snapshot();
  const plans = (await pickPlans(c))[kind];
  for (const a of snap.addOns) {
    if (!a.isActive) continue;
    const plan = plans.find((p) => a.allowedForPlans.includes(p.planId));
    if (plan) return { addOn: a, plan };
  }
  throw new Error(`no add-on for a ${kind} plan`);
}

export const planItem = (p: PickedPlan, quantity = 1): CartItem => ({
  _type: 'plan',
  quantity,
  planId: p.planId,
  priceId: p.priceId,
  categoryId: p.categoryId,
});

export const addOnItem = (addonId: string, p: PickedPlan, quantity = 1): CartItem => ({
  _type: 'addon',
  quantity,
  addonId,
  planId: p.planId,
  categoryId: p.categoryId,
});

export const address = (country = 'US'): ShippingAddress => ({
  shippingFirstName: 'Ana',
  shippingLastName: 'Diaz',
  shippingPhoneNumber: '+16465550100',
  shippingAddress1: '1 Main St',
  shippingAddress2: '',
  shippingCity: country === 'US' ? 'Austin' : 'Berlin',
  shippingState: country === 'US' ? 'TX' : 'BE',
  shippingCountry: country,
  shippingZipcode: country === 'US' ? '73301' : '10115',
});

export const card = (outcome: SandboxOutcome) => sandboxToken(outcome, 12, new Date().getUTCFullYear() + 2, randomBytes(8).toString('hex'));

export const newId = () => randomUUID();

import type { Sim } from '@app/shared/contracts/sims';

/** The one thing a SIM most likely needs next, as the account overview offers it. */
export type SimAction = 'activate' | 'renew' | 'topUp';

/** A plan ending within this many days is offered renewal rather than a top-up. */
export const RENEW_WITHIN_DAYS = 7;
const DAY_MS = 86_400_000;

const NOT_STARTED = new Set(['inactive', 'pending', 'no_plan', 'plan_inactive', 'na']);

export function simExpiresAt(sim: Sim): string | null {
  return sim.simSubscription.planSubscription?.expiresAt ?? sim.status.expiredTime ?? null;
}

/**
 * Spec §4: expired when the plan's end is not in the future (or the status says so) → renew. Not
 * started (never activated, no plan, plan not started) → activate. Otherwise renew when the plan ends
 * within a week, else top up (an active SIM with time left runs out of allowance). A SIM with a carrier action on its way gets no action until it settles.
 */
export function simNextAction(sim: Sim, now: number = Date.now()): SimAction | null {
  if (sim.pendingAction) return null;
  const expiresAt = simExpiresAt(sim);
  const ends = expiresAt ? Date.parse(expiresAt) : NaN;
  if (sim.status.expired || sim.status.status === 'expired' || (sim.activatedAt && Number.isFinite(ends) && ends <= now)) return 'renew';
  if (!sim.activatedAt || NOT_STARTED.has(sim.status.status)) return 'activate';
  if (sim.status.status === 'used_up') return 'topUp';
  if (Number.isFinite(ends) && ends - now <= RENEW_WITHIN_DAYS * DAY_MS) return 'renew';
  return 'topUp';
}

/** Soonest expiry first; SIMs whose plan has not started (no end date) last, newest of them first. */
export function sortBySoonestExpiry(list: readonly Sim[]): Sim[] {
  const key = (sim: Sim) => {
    const at = simExpiresAt(sim);
    const ms = at ? Date.parse(at) : NaN;
    return Number.isFinite(ms) ? ms : Number.POSITIVE_INFINITY;
  };
  return [...list].sort((a, b) => key(a) - key(b) || b.createdAt.localeCompare(a.createdAt));
}

/** Where each action is done: the SIM's own page holds activation, renewal and top-ups. */
export function simActionHref(sim: Sim, _action: SimAction): string {
  return `/dashboard/sim/${encodeURIComponent(sim.id)}`;
}

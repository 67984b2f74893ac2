/**
 * SIM rules both sides use (spec §3, §4, §8, §9): the derived balance, usage and status of a SIM,
 * the list order, and whether an expired SIM can still be recovered. Pure and zod-free.
 */

export type SimKind = 'physical' | 'esim';

/** Status badges of spec §4. */
export type SimBadge =
  | 'in_use'
  | 'used_up'
  | 'notValid'
  | 'disconnected'
  | 'expired'
  | 'active'
  | 'inactive'
  | 'pending'
  | 'suspended'
  | 'inUse'
  | 'no_plan'
  | 'plan_inactive'
  | 'na';

/** Our record of a SIM's state (server side). */
export type SimState = 'inactive' | 'pending' | 'active' | 'suspended' | 'expired' | 'released' | 'ported_out';

export interface Quotas {
  /** null = unlimited */
  call: number | null;
  sms: number | null;
  /** MB */
  data: number | null;
}

export interface SimFacts {
  state: SimState;
  hasPlan: boolean;
  /** The current plan period's end (null while the plan has not started). */
  expiresAt: Date | null;
  activatedAt: Date | null;
  releasedAt: Date | null;
  /** Plan quota plus active add-ons. */
  total: Quotas;
  /** Left, as last read from the carrier (null = unlimited). */
  remaining: Quotas;
}

export interface SimDerived {
  balance: Quotas;
  usageBalance: Quotas;
  status: {
    activatedTime: string | null;
    status: SimBadge;
    expired: boolean;
    expiredTime: string | null;
    releasedTime: string | null;
    isZombie: boolean;
  };
}

/** Spec §9: recovery is impossible once a SIM has been expired over 30 days. */
export const RECOVERY_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const used = (total: number | null, left: number | null): number | null =>
  total === null || left === null ? null : Math.max(0, total - left);

export function isExpired(f: Pick<SimFacts, 'state' | 'expiresAt'>, now: Date): boolean {
  return f.state === 'expired' || (f.expiresAt !== null && f.expiresAt.getTime() <= now.getTime());
}

/** The balance, usage and badge the dashboard shows for a SIM (spec §3 derived fields, §4 badges). */
export function deriveSim(f: SimFacts, now: Date): SimDerived {
  const expired = isExpired(f, now) && f.state !== 'released' && f.state !== 'ported_out';
  const balance: Quotas = { call: f.remaining.call, sms: f.remaining.sms, data: f.remaining.data };
  const usageBalance: Quotas = {
    call: used(f.total.call, f.remaining.call),
    sms: used(f.total.sms, f.remaining.sms),
    data: used(f.total.data, f.remaining.data),
  };
  const finite = [balance.call, balance.sms, balance.data].filter((v): v is number => v !== null);
  const usedUp = finite.length === 3 && finite.every((v) => v <= 0);

  let badge: SimBadge;
  if (f.state === 'released' || f.state === 'ported_out') badge = 'disconnected';
  else if (f.state === 'suspended') badge = 'suspended';
  else if (f.state === 'pending') badge = 'pending';
  else if (!f.hasPlan) badge = 'no_plan';
  else if (expired) badge = 'expired';
  else if (f.state === 'inactive') badge = 'inactive';
  else if (f.expiresAt === null) badge = 'plan_inactive';
  else if (usedUp) badge = 'used_up';
  else badge = 'active';

  return {
    balance,
    usageBalance,
    status: {
      activatedTime: f.activatedAt?.toISOString() ?? null,
      status: badge,
      expired,
      expiredTime: expired && f.expiresAt ? f.expiresAt.toISOString() : null,
      releasedTime: f.releasedAt?.toISOString() ?? null,
      // Spec §4: a suspended SIM is treated as a zombie.
      isZombie: f.state === 'suspended',
    },
  };
}

/** Spec §4 list order: Physical SIM before eSIM, newest first within each. */
export function compareSims(a: { kind: SimKind; createdAt: string | Date }, b: { kind: SimKind; createdAt: string | Date }): number {
  if (a.kind !== b.kind) return a.kind === 'physical' ? -1 : 1;
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

export type RecoveryVerdict =
  | { recoverable: true; daysSinceExpiry: number }
  | {
      recoverable: false;
      code:
        | 'SIM_NOT_ACTIVE_OR_EXPIRED'
        | 'SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE'
        | 'SIM_IS_EXPIRED_OVER_30_DAYS'
        | 'SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY'
        | 'SIM_IS_IN_USE'
        | 'MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS';
    };

/**
 * Whether a SIM can be recovered (its number kept with a new plan period), spec §8 codes: a SIM in
 * use needs no recovery; one never activated has nothing to recover; over 30 days expired is too late.
 */
export function recoverability(
  f: Pick<SimFacts, 'state' | 'expiresAt' | 'activatedAt'> & { hasNumber: boolean; portInProgress: boolean },
  now: Date,
): RecoveryVerdict {
  if (f.state === 'ported_out') return { recoverable: false, code: 'SIM_ALREADY_PORTED_OUT_TO_ANOTHER_SERVICE' };
  if (f.portInProgress) return { recoverable: false, code: 'MDN_NOT_ELIGIBLE_FOR_PORTING_PORTING_IN_PROGRESS' };
  if (f.state === 'inactive' || f.state === 'pending' || !f.activatedAt) return { recoverable: false, code: 'SIM_NOT_ACTIVE_OR_EXPIRED' };
  const expired = isExpired(f, now) || f.state === 'released';
  if (!expired && f.state !== 'suspended') return { recoverable: false, code: 'SIM_IS_IN_USE' };
  const since = f.expiresAt ? Math.floor((now.getTime() - f.expiresAt.getTime()) / DAY_MS) : 0;
  if (since > RECOVERY_WINDOW_DAYS) return { recoverable: false, code: 'SIM_IS_EXPIRED_OVER_30_DAYS' };
  if (f.state === 'released' || !f.hasNumber) return { recoverable: false, code: 'SIM_IS_NOT_ELIGIBLE_FOR_RECOVERY' };
  return { recoverable: true, daysSinceExpiry: Math.max(0, since) };
}

/** A US ZIP as typed: five digits, optionally ZIP+4. */
export function isUsZipFormat(zip: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(zip.trim());
}

/** US numbers for porting: '+1' and ten digits (NANP: area code and exchange start 2-9). */
export function normaliseUsNumber(input: string): string | undefined {
  const digits = input.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(ten)) return undefined;
  return `+1${ten}`;
}

import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig, RateLimitSetting } from '../config.js';
import { appError } from '../lib/errors.js';
import type { Throttle } from '../lib/throttle.js';
import { describeWait } from '../lib/wait.js';

/**
 * Request limits of the account endpoints per client address (an IPv6 client counts by its /56),
 * plus registrations per e-mail address. The counters live in PostgreSQL (lib/throttle.ts), so
 * every instance counts together and a restart forgets nothing.
 *
 * Deliberately no per-address limit on sign-in, verification, resend or forgot-password: a stranger
 * can send those for anyone's address, and a 429 there would lock the owner out. Per-account guessing
 * is held by the sign-in lockout (trusted devices exempt) and by each code's attempt limit; mail per
 * address is capped silently by the service. See docs/decisions/073.
 */
export type LimitName = 'login' | 'register' | 'verify' | 'resend' | 'forgot' | 'reset' | 'social';

export interface RateLimits {
  /** Counts one request; throws 429 (with retryAfter) when the client address, or for registration the e-mail address, is over its limit. */
  hit(req: FastifyRequest, name: LimitName, email?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

function settings(config: AppConfig): Record<LimitName, [perIp: RateLimitSetting, perEmail?: RateLimitSetting]> {
  return {
    login: [config.RATE_LIMIT_LOGIN],
    register: [config.RATE_LIMIT_REGISTER, config.RATE_LIMIT_REGISTER_EMAIL],
    verify: [config.RATE_LIMIT_VERIFY],
    resend: [config.RATE_LIMIT_RESEND],
    forgot: [config.RATE_LIMIT_FORGOT],
    reset: [config.RATE_LIMIT_RESET],
    social: [config.RATE_LIMIT_SOCIAL],
  };
}

/** Addresses are counted by hash so the counters never hold them in clear. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

export function setupRateLimits(app: FastifyInstance, config: AppConfig, throttle: Throttle) {
  const table = settings(config);
  async function check(key: string, s: RateLimitSetting) {
    const { hits, retryAfter } = await throttle.hit(key, s.windowMs);
    if (hits > s.max) {
      throw appError('RATE_LIMITED', { message: `Too many attempts. Please try again in ${describeWait(retryAfter)}.`, retryAfter });
    }
  }

  app.decorate('rateLimits', {
    async hit(req, name, email) {
      const [perIp, perEmail] = table[name];
      await check(`${name}:ip:${normalizeIP(req.ip, 56)}`, perIp);
      if (perEmail && email) await check(`${name}:email:${emailKey(email)}`, perEmail);
    },
  } satisfies RateLimits);
}

import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig, RateLimitSetting } from '../config.js';
import { appError } from '../lib/errors.js';
import { describeWait } from '../lib/wait.js';

/**
 * Request limits for the account endpoints, counted per client IP and per e-mail address. The
 * counters live in Redis when REDIS_URL is set (so every instance counts together) and in memory
 * otherwise. If Redis is unreachable the limits are skipped rather than taking sign-in down; the
 * per-account lockout lives in PostgreSQL and keeps working either way.
 */
export type LimitName = 'login' | 'register' | 'verify' | 'resend' | 'forgot' | 'reset' | 'social';

export interface RateLimits {
  /** Counts one request; throws 429 (with retryAfter) when the IP or the address is over its limit. */
  hit(req: FastifyRequest, name: LimitName, email?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

function settings(config: AppConfig): Record<LimitName, [perIp: RateLimitSetting, perEmail?: RateLimitSetting]> {
  return {
    login: [config.RATE_LIMIT_LOGIN, config.RATE_LIMIT_LOGIN_EMAIL],
    register: [config.RATE_LIMIT_REGISTER, config.RATE_LIMIT_REGISTER_EMAIL],
    verify: [config.RATE_LIMIT_VERIFY, config.RATE_LIMIT_VERIFY_EMAIL],
    resend: [config.RATE_LIMIT_RESEND, config.RATE_LIMIT_RESEND_EMAIL],
    forgot: [config.RATE_LIMIT_FORGOT, config.RATE_LIMIT_FORGOT_EMAIL],
    reset: [config.RATE_LIMIT_RESET],
    social: [config.RATE_LIMIT_SOCIAL],
  };
}

/** Addresses are counted by hash so Redis never holds them in clear. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

export async function setupRateLimits(app: FastifyInstance, config: AppConfig) {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 });
    redis.on('error', (e: Error) => app.log.warn({ reason: e.message }, 'redis (rate limits) unavailable'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.RATE_LIMIT_PREFIX}:` } : {}),
  });

  // @fastify/rate-limit derives keys from the request alone; ours depend on the parsed body, so
  // the key for the current check is handed over through this map.
  const currentKey = new WeakMap<FastifyRequest, string>();
  const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiter = (id: string, s: RateLimitSetting) => {
    let l = limiters.get(id);
    if (!l) {
      l = app.createRateLimit({ max: s.max, timeWindow: s.windowMs, keyGenerator: (req) => currentKey.get(req) ?? 'unknown' });
      limiters.set(id, l);
    }
    return l;
  };

  const table = settings(config);
  async function check(req: FastifyRequest, id: string, s: RateLimitSetting, key: string) {
    currentKey.set(req, `${id}:${key}`);
    const r = await limiter(id, s)(req);
    if (!r.isAllowed && r.isExceeded) {
      throw appError('RATE_LIMITED', { message: `Too many attempts. Please try again in ${describeWait(r.ttlInSeconds)}.`, retryAfter: r.ttlInSeconds });
    }
  }

  app.decorate('rateLimits', {
    async hit(req, name, email) {
      const [perIp, perEmail] = table[name];
      await check(req, `${name}:ip`, perIp, normalizeIP(req.ip));
      if (perEmail && email) await check(req, `${name}:email`, perEmail, emailKey(email));
    },
  } satisfies RateLimits);
}

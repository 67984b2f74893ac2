import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginResponse } from '@app/shared/contracts/auth';
import { AuthMessages } from '@app/shared/rules/account';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { appError, fieldError, isUniqueViolation } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';
import { describeWait } from '../../lib/wait.js';
import type { MailService } from '../mail/mail.service.js';
import type { ResellerService } from '../resellers/resellers.service.js';
import * as repo from './accounts.repository.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import type { AuthenticatedSubscriber, SessionDetails, SessionService } from './sessions.js';

/** Within this time a repeated submit of the same form is answered as the first one was. */
const REPEAT_WINDOW_MS = 2 * 60_000;
/** Forgot-password answers no sooner than this, whether or not the address has an account. */
const FORGOT_PASSWORD_MIN_MS = 300;
/** A reset link issued within this time is not followed by another (double submit, retry). */
const RESET_LINK_REPEAT_MS = 60_000;
/** Resend-code answers no sooner than this, whether or not the address has an account. */
const RESEND_CODE_MIN_MS = 300;
/** How long a device stays trusted after its last password sign-in. */
export const TRUSTED_DEVICE_DAYS = 180;

export const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function sessionResponse(
  session: { token: string; expiresAt: Date; stayLoggedIn: boolean },
  s: { id: string; email: string; firstName: string; lastName: string },
): LoginResponse {
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    stayLoggedIn: session.stayLoggedIn,
    subscriber: { id: s.id, email: s.email, firstName: s.firstName, lastName: s.lastName },
  };
}

const incorrectPassword = (field: string) => fieldError(field, AuthMessages.incorrectPassword, 'INCORRECT_CREDENTIALS');

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  locale?: string | undefined;
  resellerCode?: string | undefined;
}

export interface AuthServiceDeps {
  db: Db;
  config: AppConfig;
  sessions: SessionService;
  mail: MailService;
  resellers: ResellerService;
  /** Counters in PostgreSQL: per-device and per-session password failures, mail caps, cooldowns. */
  throttle: Throttle;
  /** HMAC key of the verification codes (derived from the server secret). */
  codeKey: Buffer;
  /** HMAC key of the trusted-device tokens (derived from the server secret). */
  deviceKey: Buffer;
}

/** What a password sign-in gives: the session, and the device token to keep in a cookie. */
export interface LoginResult {
  response: LoginResponse;
  device: string;
}

/**
 * The account rules: registration and e-mail verification, password sign-in with lockout,
 * password reset and change, logout and deletion. Every change that touches more than one row
 * runs in one transaction, and the mail it causes is queued in that same transaction.
 */
export class AuthService {
  private readonly db: Db;
  private readonly config: AppConfig;
  private readonly sessions: SessionService;
  private readonly mail: MailService;
  private readonly codeKey: Buffer;
  private readonly throttle: Throttle;

  constructor(private readonly deps: AuthServiceDeps) {
    this.db = deps.db;
    this.config = deps.config;
    this.sessions = deps.sessions;
    this.mail = deps.mail;
    this.codeKey = deps.codeKey;
    this.throttle = deps.throttle;
  }

  private lockOptions() {
    return {
      threshold: this.config.LOGIN_LOCK_THRESHOLD,
      windowMs: this.config.LOGIN_LOCK_WINDOW_MINUTES * 60_000,
      lockMs: this.config.LOGIN_LOCK_MINUTES * 60_000,
    };
  }

  // --- verification codes ------------------------------------------------------------------

  private codeHash(subscriberId: string, code: string) {
    // Keyed: a leaked table row cannot be brute-forced over the million possible codes offline.
    return createHmac('sha256', this.codeKey).update(`${subscriberId}:${code}`).digest('hex');
  }

  private codeMatches(storedHash: string, subscriberId: string, code: string) {
    const a = Buffer.from(storedHash, 'hex');
    const b = Buffer.from(this.codeHash(subscriberId, code), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private async issueCode(exec: Executor, subscriberId: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(Date.now() + this.config.VERIFICATION_CODE_TTL_MINUTES * 60_000);
    await repo.putVerificationCode(exec, subscriberId, this.codeHash(subscriberId, code), expiresAt);
    return code;
  }

  private queueCode(exec: Executor, s: { email: string; locale: string; firstName: string }, code: string) {
    return this.mail.enqueue(exec, s.email, s.locale, {
      kind: 'verification-code',
      firstName: s.firstName,
      code,
      minutes: this.config.VERIFICATION_CODE_TTL_MINUTES,
    });
  }

  // --- registration and verification -------------------------------------------------------

  async register(input: RegisterInput) {
    const answer = (resendAfter = this.config.VERIFICATION_RESEND_SECONDS) => ({
      message: AuthMessages.registered,
      email: input.email,
      resendAfter,
    });
    const existing = await repo.findSubscriberByEmail(this.db, input.email);
    if (existing) return answer(await this.repeatedRegistration(existing, input.password));

    const passwordHash = await hashPassword(input.password);
    const resellerCode = await this.deps.resellers.activeCode(input.resellerCode);
    try {
      await this.db.transaction(async (tx) => {
        const subscriber = await repo.insertSubscriber(tx, {
          email: input.email,
          passwordHash,
          passwordChangedAt: new Date(),
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          locale: input.locale ?? 'en',
          resellerCode: resellerCode ?? null,
        });
        await this.queueCode(tx, subscriber, await this.issueCode(tx, subscriber.id));
      });
    } catch (e) {
      // Two submits raced past the lookup; the loser answers like a repeat.
      if (!isUniqueViolation(e)) throw e;
      const winner = await repo.findSubscriberByEmail(this.db, input.email);
      // The index also covers rows the lookup skips (deleted_at set): the address is still taken.
      if (!winner) throw appError('SUBSCRIBER_ALREADY_EXISTS');
      return answer(await this.repeatedRegistration(winner, input.password));
    }
    return answer();
  }

  /**
   * The same registration submitted again (double click, retry after a lost response) is not an
   * error: same address, still unverified, just created, same password. Anything else is the
   * spec's 409. Returns the seconds left before a new code may be requested.
   */
  private async repeatedRegistration(existing: repo.SubscriberRow, password: string): Promise<number> {
    const recent = Date.now() - existing.createdAt.getTime() < REPEAT_WINDOW_MS;
    if (!existing.emailVerifiedAt && recent && (await verifyPassword(existing.passwordHash, password))) {
      const code = await repo.findVerificationCode(this.db, existing.id);
      return code ? this.cooldownLeft(code.sentAt) : 0;
    }
    throw appError('SUBSCRIBER_ALREADY_EXISTS');
  }

  private cooldownLeft(sentAt: Date): number {
    const left = sentAt.getTime() + this.config.VERIFICATION_RESEND_SECONDS * 1000 - Date.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  async verifyEmail(email: string, code: string) {
    const outcome = await this.db.transaction(async (tx) => {
      const s = await repo.findSubscriberByEmail(tx, email, { lock: true });
      const row = s ? await repo.findVerificationCode(tx, s.id, { lock: true }) : undefined;
      if (s && row) {
        const matches = this.codeMatches(row.codeHash, s.id, code);
        // Already verified by this very code: a repeated submit, answer the same.
        if (row.usedAt && matches) return 'verified' as const;
        if (!row.usedAt && !s.emailVerifiedAt) {
          if (row.expiresAt.getTime() <= Date.now() || row.attempts >= this.config.VERIFICATION_CODE_MAX_ATTEMPTS) return 'dead' as const;
          if (!matches) {
            const attempts = await repo.countCodeAttempt(tx, s.id);
            return attempts >= this.config.VERIFICATION_CODE_MAX_ATTEMPTS ? ('dead' as const) : ('invalid' as const);
          }
          await repo.markCodeUsed(tx, s.id);
          await repo.markEmailVerified(tx, s.id);
          return 'verified' as const;
        }
      }
      return this.phantomGuess(tx, email);
    });
    // Thrown after the commit, so a wrong guess still counts.
    if (outcome === 'invalid') throw appError('INVALID_VERIFICATION_CODE');
    if (outcome === 'dead') throw appError('VERIFICATION_CODE_EXPIRED');
    return { message: AuthMessages.verified, email };
  }

  /**
   * A guess for an address with no code to check (unknown, or already verified) is answered the way
   * a real code would answer it, so verify tells nobody whether the address has an unverified
   * account: after a resend the address has a "phantom" code with the same life and the same
   * number of tries as a real one (wrong → invalid, the last try and anything after → expired);
   * without one, it reads as a code that has run out.
   */
  private async phantomGuess(exec: Executor, email: string): Promise<'invalid' | 'dead'> {
    const key = `phantom-code:${emailKey(email)}`;
    if (!(await this.throttle.peek(key, exec))) return 'dead';
    const { hits } = await this.throttle.hit(key, this.config.VERIFICATION_CODE_TTL_MINUTES * 60_000, exec);
    return hits >= this.config.VERIFICATION_CODE_MAX_ATTEMPTS ? 'dead' : 'invalid';
  }

  /**
   * A fresh code for an unverified account, at most once per cooldown for any address. Unknown and
   * already verified addresses get the same answer, in about the same time, and no mail; past the
   * per-address mail cap the answer is the same too, and the code already sent stays valid.
   */
  async resendCode(email: string) {
    const floor = sleep(RESEND_CODE_MIN_MS);
    try {
      const cooldown = this.config.VERIFICATION_RESEND_SECONDS;
      if (cooldown > 0) {
        // Counted outside the transaction below, so a refused request still counts.
        const { hits, retryAfter } = await this.throttle.hit(`resend-cooldown:${emailKey(email)}`, cooldown * 1000);
        if (hits > 1) throw this.resendWait(retryAfter);
      }
      await this.db.transaction(async (tx) => {
        const s = await repo.findSubscriberByEmail(tx, email, { lock: true });
        if (!s || s.emailVerifiedAt) {
          await this.throttle.restart(`phantom-code:${emailKey(email)}`, this.config.VERIFICATION_CODE_TTL_MINUTES * 60_000, tx);
          return;
        }
        const row = await repo.findVerificationCode(tx, s.id);
        const wait = row ? this.cooldownLeft(row.sentAt) : 0;
        if (wait > 0) throw this.resendWait(wait);
        const cap = this.config.RATE_LIMIT_RESEND_EMAIL;
        if ((await this.throttle.hit(`resend-mail:${emailKey(email)}`, cap.windowMs, tx)).hits > cap.max) return;
        await this.queueCode(tx, s, await this.issueCode(tx, s.id));
      });
    } finally {
      await floor;
    }
    return { message: AuthMessages.codeSent, resendAfter: this.config.VERIFICATION_RESEND_SECONDS };
  }

  private resendWait(seconds: number) {
    return appError('RATE_LIMITED', { message: `Please wait ${describeWait(seconds)} before requesting a new code.`, retryAfter: seconds });
  }

  // --- sign-in -------------------------------------------------------------------------------

  /**
   * Counts a password attempt of a client the account does not trust before the password is
   * checked, and returns its number. Throws the lockout while the address is locked, and for
   * attempts past the threshold: those are refused unchecked, so guesses sent in parallel cannot
   * all be checked before the lock lands.
   */
  private async claimAttempt(email: string): Promise<number> {
    const { attempt, lockedUntil } = await repo.claimLoginAttempt(this.db, emailKey(email), this.lockOptions());
    if (lockedUntil) throw this.lockedError(lockedUntil);
    // Not stored as a lock: one of the attempts still in flight may be the right password.
    if (attempt > this.config.LOGIN_LOCK_THRESHOLD) throw this.lockedError(new Date(Date.now() + this.lockOptions().lockMs));
    return attempt;
  }

  private lockedError(until: Date) {
    const secs = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    return appError('ACCOUNT_LOCKED', {
      message: `Too many failed sign-in attempts. This account is locked for ${describeWait(secs)} on devices it was not used on before. Please sign in from one of your devices, try again later or reset your password.`,
      retryAfter: secs,
    });
  }

  /**
   * A wrong password from an untrusted client; the one that reaches the threshold locks the address
   * for untrusted clients and tells the owner, once per lock (the attempts past it are refused
   * before they get here).
   */
  private async failedAttempt(email: string, attempt: number, owner: repo.SubscriberRow | undefined) {
    if (attempt < this.config.LOGIN_LOCK_THRESHOLD) return;
    const until = await repo.lockLogin(this.db, emailKey(email), this.lockOptions().lockMs);
    if (owner && attempt === this.config.LOGIN_LOCK_THRESHOLD) {
      await this.mail.enqueue(this.db, owner.email, owner.locale, {
        kind: 'sign-in-attempts',
        firstName: owner.firstName,
        attempts: attempt,
        minutes: this.config.LOGIN_LOCK_MINUTES,
      });
    }
    throw this.lockedError(until);
  }

  // --- trusted devices (OWASP "device cookies") ------------------------------------------------

  private deviceSignature(subscriberId: string, nonce: string) {
    return createHmac('sha256', this.deps.deviceKey).update(`${subscriberId}:${nonce}`).digest('base64url').slice(0, 32);
  }

  /** A token naming this browser as one the subscriber signed in on with their password. */
  private deviceToken(subscriberId: string) {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.deviceSignature(subscriberId, nonce)}`;
  }

  /** The device's nonce when `token` was issued to this subscriber; undefined otherwise. */
  private trustedNonce(token: string | undefined, subscriberId: string): string | undefined {
    const m = /^([\w-]{22})\.([\w-]{32})$/.exec(token ?? '');
    if (!m) return undefined;
    const a = Buffer.from(m[2]!);
    const b = Buffer.from(this.deviceSignature(subscriberId, m[1]!));
    return a.length === b.length && timingSafeEqual(a, b) ? m[1] : undefined;
  }

  /**
   * Password sign-in. Failures of clients the account does not know count toward a lock of the
   * address for such clients; a browser that signed in with the password before (its device
   * token) is exempt and counts its own failures, so strangers guessing cannot lock the owner out
   * of their own devices. Past its own limit, a device is treated like any other client.
   */
  async login(input: {
    email: string;
    password: string;
    stayLoggedIn: boolean;
    userAgent?: string | undefined;
    device?: string | undefined;
  }): Promise<LoginResult> {
    const s = await repo.findSubscriberByEmail(this.db, input.email);
    const nonce = s ? this.trustedNonce(input.device, s.id) : undefined;
    const deviceCounter = nonce ? `device-failures:${nonce}` : undefined;
    let trusted = false;
    let attempt = 0;
    if (deviceCounter) {
      const { hits } = await this.throttle.hit(deviceCounter, this.lockOptions().windowMs);
      trusted = hits <= this.config.LOGIN_LOCK_THRESHOLD;
    }
    if (!trusted) attempt = await this.claimAttempt(input.email);
    // Unknown address and wrong password take the same time and get the same answer.
    const ok = await verifyPassword(s?.passwordHash, input.password);
    if (!s || !ok) {
      if (!trusted) await this.failedAttempt(input.email, attempt, s);
      throw appError('INCORRECT_CREDENTIALS');
    }
    if (deviceCounter) await this.throttle.clear(deviceCounter);
    if (!trusted) await repo.clearLoginFailures(this.db, emailKey(input.email));
    // Only someone who knows the password learns that the address is unverified.
    if (!s.emailVerifiedAt) throw appError('EMAIL_NOT_VERIFIED');
    if (s.passwordHash && needsRehash(s.passwordHash)) {
      await repo.upgradePasswordHash(this.db, s.id, s.passwordHash, await hashPassword(input.password));
    }
    const session = await this.sessions.create(this.db, s, {
      stayLoggedIn: input.stayLoggedIn,
      method: 'password',
      userAgent: input.userAgent,
    });
    return { response: sessionResponse(session, s), device: this.deviceToken(s.id) };
  }

  status(session: SessionDetails | null) {
    if (!session) return { isAuth: false };
    return {
      isAuth: true,
      expiresAt: session.expiresAt.toISOString(),
      subscriber: { id: session.id, email: session.email, firstName: session.firstName, lastName: session.lastName },
    };
  }

  // --- forgotten password --------------------------------------------------------------------

  /**
   * Same answer, in about the same time, whether or not the address has an account: the mail is
   * queued (never sent while the request waits) and the response waits for a fixed floor.
   */
  async forgotPassword(email: string) {
    const floor = sleep(FORGOT_PASSWORD_MIN_MS);
    const s = await repo.findSubscriberByEmail(this.db, email);
    const minutes = this.config.PASSWORD_RESET_TTL_MINUTES;
    if (s) {
      await this.db.transaction(async (tx) => {
        // The row lock orders two submits of one form: the second finds the first's link and
        // sends nothing, so a double click is one link and one mail.
        await repo.findSubscriberById(tx, s.id, { lock: true });
        if (await repo.hasResetTokenSince(tx, s.id, new Date(Date.now() - RESET_LINK_REPEAT_MS))) return;
        // Past the per-address cap nothing more is sent, silently: the links already mailed stay
        // valid, and the answer does not change (a 429 here would let anyone stop the owner's reset).
        const cap = this.config.RATE_LIMIT_FORGOT_EMAIL;
        if ((await this.throttle.hit(`forgot-mail:${emailKey(email)}`, cap.windowMs, tx)).hits > cap.max) return;
        const token = randomBytes(32).toString('base64url');
        await repo.insertResetToken(tx, s.id, sha256(token), new Date(Date.now() + minutes * 60_000));
        const link = `${this.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await this.mail.enqueue(tx, s.email, s.locale, { kind: 'password-reset', firstName: s.firstName, link, minutes });
      });
    }
    await floor;
    return { message: AuthMessages.resetLinkSent };
  }

  /**
   * Sets the password through a reset link. The link proves the person reads the mailbox, so it
   * also verifies the address and lifts a login lock. Every session ends.
   */
  async resetPassword(token: string, password: string) {
    const tokenHash = sha256(token);
    const newHash = await hashPassword(password);
    const result = await this.db.transaction(async (tx) => {
      const used = await repo.consumeResetToken(tx, tokenHash);
      if (!used) return { kind: 'unusable' as const, row: await repo.findResetToken(tx, tokenHash) };
      const s = await repo.findSubscriberById(tx, used.subscriberId, { lock: true });
      if (!s) return { kind: 'unusable' as const, row: undefined };
      await repo.setPasswordHash(tx, s.id, newHash, { verifyEmail: true });
      await repo.retireResetTokens(tx, s.id);
      await this.sessions.revokeAll(tx, s.id);
      await repo.clearLoginFailures(tx, emailKey(s.email));
      await this.mail.enqueue(tx, s.email, s.locale, { kind: 'password-changed', firstName: s.firstName, at: new Date().toISOString() });
      return { kind: 'reset' as const };
    });
    if (result.kind === 'unusable') {
      // A repeated submit of the form that just succeeded: same answer, nothing changes twice.
      const row = result.row;
      if (row?.usedAt && Date.now() - row.usedAt.getTime() < REPEAT_WINDOW_MS) {
        const s = await repo.findSubscriberById(this.db, row.subscriberId);
        if (s?.passwordChangedAt && s.passwordChangedAt >= row.usedAt && (await verifyPassword(s.passwordHash, password))) {
          return { message: AuthMessages.passwordReset };
        }
      }
      throw appError('INVALID_RESET_TOKEN');
    }
    return { message: AuthMessages.passwordReset };
  }

  // --- signed-in actions ---------------------------------------------------------------------

  /**
   * Checks the password of the signed-in subscriber. Wrong passwords are counted per session, not
   * toward the account's sign-in lock: other people's failed sign-ins never stop a session that is
   * already open, and a stolen session still cannot guess more than the threshold per window.
   */
  private async confirmPassword(who: AuthenticatedSubscriber, password: string, field: string) {
    const counter = `confirm-failures:${who.sessionId}`;
    const { hits, retryAfter } = await this.throttle.hit(counter, this.lockOptions().windowMs);
    if (hits > this.config.LOGIN_LOCK_THRESHOLD) {
      throw appError('ACCOUNT_LOCKED', {
        message: `Too many wrong passwords. Please try again in ${describeWait(retryAfter)} or reset your password.`,
        retryAfter,
      });
    }
    const s = await repo.findSubscriberById(this.db, who.id);
    if (!s) throw appError('UNAUTHORIZED');
    if (await verifyPassword(s.passwordHash, password)) {
      await this.throttle.clear(counter);
      return { subscriber: s, ok: true as const };
    }
    return { subscriber: s, ok: false as const, reject: (): Promise<never> => Promise.reject(incorrectPassword(field)) };
  }

  /** New password; every other session of the subscriber ends, this one stays. */
  async changePassword(who: AuthenticatedSubscriber, currentPassword: string, password: string) {
    const check = await this.confirmPassword(who, currentPassword, 'currentPassword');
    const s = check.subscriber;
    if (!check.ok) {
      const justChanged = s.passwordChangedAt && Date.now() - s.passwordChangedAt.getTime() < REPEAT_WINDOW_MS;
      if (justChanged && (await verifyPassword(s.passwordHash, password))) return { message: AuthMessages.passwordChanged };
      return check.reject();
    }
    if (password === currentPassword) {
      throw fieldError('password', AuthMessages.samePassword, 'SAME_PASSWORD');
    }
    const newHash = await hashPassword(password);
    const changed = await this.db.transaction(async (tx) => {
      // Only if nobody changed it since we checked: two tabs cannot both win.
      if (!(await repo.setPasswordHash(tx, s.id, newHash, { expectedHash: s.passwordHash }))) return false;
      await this.sessions.revokeAll(tx, s.id, who.sessionId);
      await this.mail.enqueue(tx, s.email, s.locale, { kind: 'password-changed', firstName: s.firstName, at: new Date().toISOString() });
      return true;
    });
    if (!changed) {
      // Another request changed it between our check and our write. When that was this same form
      // sent twice (a double click), it set this very password: answer as it did, change nothing.
      const now = await repo.findSubscriberById(this.db, s.id);
      if (now && (await verifyPassword(now.passwordHash, password))) return { message: AuthMessages.passwordChanged };
      throw incorrectPassword('currentPassword');
    }
    return { message: AuthMessages.passwordChanged };
  }

  async logout(who: AuthenticatedSubscriber) {
    await this.sessions.revoke(this.db, who.sessionId);
    return { message: AuthMessages.loggedOut };
  }

  /**
   * Deletes the account: personal data is replaced, the row stays for orders and invoices, every
   * session ends, and a notice goes to the address the account had.
   */
  async deleteAccount(who: AuthenticatedSubscriber, password: string) {
    const check = await this.confirmPassword(who, password, 'password');
    if (!check.ok) return check.reject();
    const s = check.subscriber;
    await this.db.transaction(async (tx) => {
      const locked = await repo.findSubscriberById(tx, s.id, { lock: true });
      if (!locked) return;
      // Queued first: the notice goes to the address the account had, which the next line erases.
      await this.mail.enqueue(tx, s.email, s.locale, { kind: 'account-deleted', firstName: s.firstName });
      await repo.anonymiseSubscriber(tx, s.id, `deleted-${randomUUID()}@invalid`);
      await this.sessions.revokeAll(tx, s.id);
      await repo.clearLoginFailures(tx, emailKey(s.email));
    });
    return { message: AuthMessages.accountDeleted };
  }

  // --- housekeeping --------------------------------------------------------------------------

  /** Removes ended sessions, dead codes and links, and stale lockout rows (the hourly job). */
  purgeExpired(graceDays = 30) {
    return repo.purgeExpired(this.db, graceDays);
  }
}

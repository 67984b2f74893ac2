import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { sessions, subscribers } from '../../db/schema/accounts.js';

/** Who is calling, as the auth plugin puts it on `req.subscriber`. */
export interface AuthenticatedSubscriber {
  id: string;
  email: string;
  sessionId: string;
}

export interface SessionDetails extends AuthenticatedSubscriber {
  firstName: string;
  lastName: string;
  /** The account's language: its mail is written in it (decision 210). */
  locale: string;
  expiresAt: Date;
  stayLoggedIn: boolean;
  revoked: boolean;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  stayLoggedIn: boolean;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** last_seen is written at most this often per session, so reads stay reads. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Sessions live in the database; the bearer token is a signed pointer to one (`sid`) that also
 * carries `email` and `exp` for the client. A token is accepted only while its session row is
 * neither revoked nor expired and the account is not deleted, so the server can end any session.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    private readonly config: AppConfig,
  ) {}

  lifetimeMs(stayLoggedIn: boolean): number {
    return stayLoggedIn ? this.config.SESSION_REMEMBER_DAYS * 86_400_000 : this.config.SESSION_TTL_HOURS * 3_600_000;
  }

  async create(
    exec: Executor,
    subscriber: { id: string; email: string },
    opts: { stayLoggedIn: boolean; method: string; userAgent?: string | undefined },
  ): Promise<IssuedSession> {
    // Whole seconds: the JWT `exp` has no fraction and the row must agree with it.
    const expiresAt = new Date(Math.floor((Date.now() + this.lifetimeMs(opts.stayLoggedIn)) / 1000) * 1000);
    const [row] = await exec
      .insert(sessions)
      .values({
        subscriberId: subscriber.id,
        method: opts.method,
        stayLoggedIn: opts.stayLoggedIn,
        userAgent: opts.userAgent?.slice(0, 255) ?? null,
        expiresAt,
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    const token = await new SignJWT({ email: subscriber.email, sid: row.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subscriber.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, sessionId: row.id, expiresAt, stayLoggedIn: opts.stayLoggedIn };
  }

  /**
   * The session a bearer token stands for, or null when the token is malformed, badly signed,
   * expired, or points at a session that no longer exists. Revoked sessions come back with
   * `revoked: true` (logout wants to know); callers treat them as signed out.
   */
  async inspect(token: string): Promise<SessionDetails | null> {
    let sub: string | undefined;
    let sid: unknown;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['sub', 'sid', 'exp'] });
      sub = payload.sub;
      sid = payload.sid;
    } catch {
      return null;
    }
    if (typeof sid !== 'string' || !UUID_RE.test(sid) || !sub || !UUID_RE.test(sub)) return null;
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        id: subscribers.id,
        email: subscribers.email,
        firstName: subscribers.firstName,
        lastName: subscribers.lastName,
        locale: subscribers.locale,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        stayLoggedIn: sessions.stayLoggedIn,
        lastSeenAt: sessions.lastSeenAt,
        deletedAt: subscribers.deletedAt,
      })
      .from(sessions)
      .innerJoin(subscribers, eq(subscribers.id, sessions.subscriberId))
      .where(and(eq(sessions.id, sid), eq(sessions.subscriberId, sub)));
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    const revoked = row.revokedAt !== null || row.deletedAt !== null;
    if (!revoked && Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) await this.touch(row.sessionId);
    return {
      id: row.id,
      email: row.email,
      sessionId: row.sessionId,
      firstName: row.firstName,
      lastName: row.lastName,
      locale: row.locale,
      expiresAt: row.expiresAt,
      stayLoggedIn: row.stayLoggedIn,
      revoked,
    };
  }

  /** The live session of a token, or null. */
  async authenticate(token: string): Promise<SessionDetails | null> {
    const s = await this.inspect(token);
    return s && !s.revoked ? s : null;
  }

  private async touch(sessionId: string) {
    // Raw SQL so the subscriber's updated_at (profile changes) is not bumped by mere activity.
    await this.db.execute(sql`
      with s as (update sessions set last_seen_at = now() where id = ${sessionId} returning subscriber_id)
      update subscribers set last_seen_at = now() from s where subscribers.id = s.subscriber_id`);
  }

  /**
   * Records the language a signed-in subscriber is using (decision 210). Raw SQL like `touch`: a
   * language switch is not a profile edit, so updated_at stays.
   */
  async rememberLocale(subscriberId: string, locale: string): Promise<void> {
    await this.db.execute(sql`update subscribers set locale = ${locale} where id = ${subscriberId} and locale is distinct from ${locale}`);
  }

  async revoke(exec: Executor, sessionId: string): Promise<void> {
    await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a subscriber, or every one but `exceptSessionId`. */
  async revokeAll(exec: Executor, subscriberId: string, exceptSessionId?: string): Promise<number> {
    const rows = await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.subscriberId, subscriberId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }
}

import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { emailSchema, localeSchema } from '@app/shared/contracts/auth';
import { cleanPersonName } from '@app/shared/rules/account';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import * as accounts from './accounts.repository.js';
import type { SessionService } from './sessions.js';
import type { ProviderRegistry, SocialProvider } from './social-providers.js';
import * as repo from './social-auth.repository.js';

/** How long a person has to finish signing in at the provider. */
const FLOW_TTL_MS = 10 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Why a social sign-in failed: logged (never shown), the browser just gets ?error=social. */
export class SocialSignInError extends Error {}

export interface SocialIdentity {
  provider: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  locale?: string | undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function splitName(full: string | undefined): [string, string] {
  if (!full) return ['', ''];
  const i = full.indexOf(' ');
  return i < 0 ? [full, ''] : [full.slice(0, i), full.slice(i + 1).trim()];
}

/** Apple sends the name once, on the first authorisation, as JSON in the `user` form field. */
function appleUser(params: Record<string, string>): { firstName?: string | undefined; lastName?: string | undefined } {
  try {
    const u = JSON.parse(params.user ?? '') as { name?: { firstName?: unknown; lastName?: unknown } };
    return { firstName: str(u.name?.firstName), lastName: str(u.name?.lastName) };
  } catch {
    return {};
  }
}

export class SocialAuthService {
  constructor(
    private readonly deps: { db: Db; sessions: SessionService; publicUrl: string },
    readonly registry: ProviderRegistry,
  ) {}

  redirectUri(type: string) {
    return `${this.deps.publicUrl}/public/auth/social/${type}/callback`;
  }

  /**
   * Begins a sign-in: remembers state, PKCE verifier, nonce and the hash of a browser-binding
   * value in the database, and returns the provider URL plus the binding for a cookie (so a
   * callback URL replayed in another browser does not sign that browser in).
   */
  async start(p: SocialProvider, stayLoggedIn: boolean) {
    const config = await this.registry.configuration(p);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const binding = randomBytes(32).toString('base64url');
    await repo.pruneFlows(this.deps.db);
    await repo.insertFlow(this.deps.db, {
      stateHash: sha256(state),
      provider: p.type,
      codeVerifier,
      nonce,
      bindingHash: sha256(binding),
      stayLoggedIn,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(p.type),
      scope: p.scope,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (p.kind === 'oidc') params.nonce = nonce;
    if (p.formPost) params.response_mode = 'form_post';
    return { url: client.buildAuthorizationUrl(config, params).href, binding };
  }

  /** Completes the sign-in from the provider's callback parameters; returns the session token. */
  async finish(p: SocialProvider, params: Record<string, string>, binding: string | undefined, userAgent: string | undefined) {
    if (params.error) throw new SocialSignInError(`provider answered ${params.error.slice(0, 64)}`);
    if (!params.state) throw new SocialSignInError('callback without state');
    const flow = await repo.takeFlow(this.deps.db, sha256(params.state), p.type);
    if (!flow) throw new SocialSignInError('unknown or expired state');
    if (!binding || sha256(binding) !== flow.bindingHash) throw new SocialSignInError('callback from another browser');

    const config = await this.registry.configuration(p);
    const currentUrl = new URL(this.redirectUri(p.type));
    for (const [k, v] of Object.entries(params)) currentUrl.searchParams.set(k, v);
    const identity = await this.identity(p, config, currentUrl, flow, params);

    const subscriber = await this.findOrCreate(identity);
    const session = await this.deps.sessions.create(this.deps.db, subscriber, {
      stayLoggedIn: flow.stayLoggedIn,
      method: `social:${p.type}`,
      userAgent,
    });
    return session.token;
  }

  private async identity(
    p: SocialProvider,
    config: client.Configuration,
    currentUrl: URL,
    flow: repo.OAuthFlow,
    params: Record<string, string>,
  ): Promise<SocialIdentity> {
    if (p.kind === 'oauth2') {
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: params.state,
      });
      const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(p.profileUrl ?? ''), 'GET');
      if (!res.ok) throw new SocialSignInError(`profile request answered ${res.status}`);
      const me = (await res.json()) as Record<string, unknown>;
      const subject = str(me.id) ?? (typeof me.id === 'number' ? String(me.id) : undefined);
      if (!subject) throw new SocialSignInError('profile without id');
      const [first, last] = splitName(str(me.name));
      return {
        provider: p.type,
        subject,
        email: str(me.email),
        emailVerified: p.trustsEmail && !!str(me.email),
        firstName: str(me.first_name) ?? first,
        lastName: str(me.last_name) ?? last,
      };
    }

    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: params.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SocialSignInError('no ID token');
    let info: Record<string, unknown> = { ...claims };
    // Many issuers keep e-mail and names for the userinfo endpoint rather than the ID token.
    if (!str(claims.email) && config.serverMetadata().userinfo_endpoint) {
      info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
    }
    const fromApple = appleUser(params);
    const [first, last] = splitName(str(info.name));
    const verified = info.email_verified === true || info.email_verified === 'true';
    return {
      provider: p.type,
      subject: claims.sub,
      email: str(info.email),
      emailVerified: verified || (p.trustsEmail && !!str(info.email)),
      firstName: str(info.given_name) ?? fromApple.firstName ?? first,
      lastName: str(info.family_name) ?? fromApple.lastName ?? last,
      locale: str(info.locale),
    };
  }

  /**
   * The subscriber for a provider identity: the one already linked; else the account with the
   * same verified e-mail (now linked); else a new account, e-mail verified, without a password.
   */
  async findOrCreate(identity: SocialIdentity) {
    try {
      return await this.deps.db.transaction((tx) => this.findOrCreateIn(tx, identity));
    } catch (e) {
      // Two callbacks for the same new person raced on the unique e-mail; the second links.
      const code = (e as { cause?: { code?: string }; code?: string }).cause?.code ?? (e as { code?: string }).code;
      if (code !== '23505') throw e;
      return this.deps.db.transaction((tx) => this.findOrCreateIn(tx, identity));
    }
  }

  private async findOrCreateIn(tx: Executor, identity: SocialIdentity) {
    const linked = await repo.findLinkedSubscriber(tx, identity.provider, identity.subject);
    if (linked) {
      await repo.touchIdentity(tx, identity.provider, identity.subject);
      return linked;
    }
    if (!identity.email || !identity.emailVerified) throw new SocialSignInError('no verified e-mail from the provider');
    const email = emailSchema.safeParse(identity.email);
    if (!email.success) throw new SocialSignInError('provider e-mail is not a valid address');

    const existing = await accounts.findSubscriberByEmail(tx, email.data, { lock: true });
    if (existing) {
      if (!existing.emailVerifiedAt) await repo.claimUnverifiedAccount(tx, existing.id);
      if (!existing.emailVerifiedAt) await this.deps.sessions.revokeAll(tx, existing.id);
      await repo.linkIdentity(tx, identity.provider, identity.subject, existing.id);
      return existing;
    }
    const locale = localeSchema.safeParse(identity.locale ?? '');
    const created = await accounts.insertSubscriber(tx, {
      email: email.data,
      emailVerifiedAt: new Date(),
      passwordHash: null,
      // Provider claims are someone else's input: held to the same name rule as our forms.
      firstName: cleanPersonName(identity.firstName),
      lastName: cleanPersonName(identity.lastName),
      locale: locale.success ? locale.data : 'en',
    });
    await repo.linkIdentity(tx, identity.provider, identity.subject, created.id);
    return created;
  }
}

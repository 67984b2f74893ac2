import * as client from 'openid-client';
import { SignJWT, importPKCS8 } from 'jose';
import type { OidcProviderSettings } from '../../config.js';

/**
 * Social sign-in providers from configuration. OpenID Connect issuers (Google, Apple, any issuer
 * URL) are found by discovery and sign in with a verified ID token; Facebook speaks plain OAuth 2.0,
 * so its profile comes from the Graph API with the access token. Every flow uses PKCE and state;
 * OIDC flows add a nonce.
 */

export interface SocialProvider {
  type: string;
  name: string;
  kind: 'oidc' | 'oauth2';
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  scope: string;
  /** Apple posts the result back (response_mode=form_post) when asking for name or e-mail. */
  formPost: boolean;
  /** OAuth 2.0 only: endpoints, and where the profile is read. */
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  profileUrl?: string;
  /** Whether an e-mail the provider returns counts as verified without an `email_verified` claim. */
  trustsEmail: boolean;
  appleKey?: { teamId: string; keyId: string; privateKey: string } | undefined;
}

type Preset = Omit<SocialProvider, 'type' | 'clientId' | 'clientSecret' | 'appleKey'>;

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';

export const PRESETS: Record<string, Preset> = {
  google: {
    name: 'Google',
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    formPost: false,
    trustsEmail: false,
  },
  apple: {
    name: 'Apple',
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    formPost: true,
    trustsEmail: false,
  },
  facebook: {
    name: 'Facebook',
    kind: 'oauth2',
    issuer: 'https://www.facebook.com',
    scope: 'email public_profile',
    formPost: false,
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
    profileUrl: `${FACEBOOK_GRAPH}/me?fields=id,email,first_name,last_name,name`,
    // Facebook only returns addresses its user has confirmed.
    trustsEmail: true,
  },
};

function titleCase(type: string) {
  return type.replace(/(^|-)(\w)/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());
}

export function resolveProviders(settings: OidcProviderSettings[]): SocialProvider[] {
  return settings.map((s) => {
    const preset = PRESETS[s.type];
    const base: Preset = preset ?? {
      name: titleCase(s.type),
      kind: 'oidc',
      issuer: s.issuer ?? '',
      scope: 'openid email profile',
      formPost: false,
      trustsEmail: false,
    };
    return {
      ...base,
      type: s.type,
      name: s.name ?? base.name,
      issuer: s.issuer ?? base.issuer,
      scope: s.scopes ?? base.scope,
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      appleKey: s.teamId && s.keyId && s.privateKey ? { teamId: s.teamId, keyId: s.keyId, privateKey: s.privateKey } : undefined,
    };
  });
}

/** Plain http is allowed only for issuers on this machine (local identity servers, tests). */
function isLoopback(url: string) {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
}

const DISCOVERY_TIMEOUT_S = 10;

/**
 * openid-client configurations per provider, discovered on first use and kept; a failed discovery
 * is forgotten so the next sign-in tries again.
 */
export class ProviderRegistry {
  private readonly byType: Map<string, SocialProvider>;
  private readonly configs = new Map<string, Promise<client.Configuration>>();
  private appleSecret?: { value: string; until: number };

  constructor(providers: SocialProvider[]) {
    this.byType = new Map(providers.map((p) => [p.type, p]));
  }

  list(): SocialProvider[] {
    return [...this.byType.values()];
  }

  get(type: string): SocialProvider | undefined {
    return this.byType.get(type);
  }

  private execute(p: SocialProvider) {
    return new URL(p.issuer).protocol === 'http:' && isLoopback(p.issuer) ? [client.allowInsecureRequests] : [];
  }

  private async discover(p: SocialProvider): Promise<client.Configuration> {
    const auth = p.clientSecret ? client.ClientSecretPost(p.clientSecret) : p.appleKey ? undefined : client.None();
    if (p.kind === 'oauth2') {
      const config = new client.Configuration(
        { issuer: p.issuer, authorization_endpoint: p.authorizationEndpoint, token_endpoint: p.tokenEndpoint },
        p.clientId,
        undefined,
        auth,
      );
      for (const fn of this.execute(p)) fn(config);
      config.timeout = DISCOVERY_TIMEOUT_S;
      return config;
    }
    const config = await client.discovery(new URL(p.issuer), p.clientId, undefined, auth, {
      execute: this.execute(p),
      timeout: DISCOVERY_TIMEOUT_S,
    });
    return config;
  }

  async configuration(p: SocialProvider): Promise<client.Configuration> {
    let c = this.configs.get(p.type);
    if (!c) {
      c = this.discover(p);
      this.configs.set(p.type, c);
      c.catch(() => this.configs.delete(p.type));
    }
    const config = await c;
    if (!p.appleKey) return config;
    // Apple's client secret is a short-lived JWT signed with the team's key.
    const fresh = new client.Configuration(config.serverMetadata(), p.clientId, undefined, client.ClientSecretPost(await this.appleClientSecret(p)));
    for (const fn of this.execute(p)) fn(fresh);
    return fresh;
  }

  private async appleClientSecret(p: SocialProvider): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (this.appleSecret && this.appleSecret.until > now + 60) return this.appleSecret.value;
    const key = p.appleKey;
    if (!key) throw new Error('Apple sign-in needs a team id, key id and private key');
    const until = now + 3600;
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(p.clientId)
      .setAudience('https://appleid.apple.com')
      .setIssuedAt(now)
      .setExpirationTime(until)
      .sign(await importPKCS8(key.privateKey, 'ES256'));
    this.appleSecret = { value, until };
    return value;
  }
}

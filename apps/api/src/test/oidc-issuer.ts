import http from 'node:http';
import net from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, with one registered
 * client and its built-in login and consent pages, so social sign-in is tested end to end: our
 * server discovers it, exchanges the code at its token endpoint and verifies its signed ID tokens.
 */

export interface IssuerAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startOidcIssuer(opts: { clientId: string; clientSecret: string; redirectUris: string[]; accounts: Record<string, IssuerAccount> }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'locale'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, sub) {
      const account = opts.accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  // Its dev-only warnings (development keys, dev interactions) are expected here.
  provider.on('server_error', () => {});
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the person's browser at the provider: follows redirects with a cookie jar, fills in the
 * dev login form (any password) and the consent form, and stops at the first redirect to
 * `stopAt` (our callback), which it returns.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url);
      if (next.href.startsWith(stopAt)) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error(`no form on provider page: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]+)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (!name) continue;
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any-password' : value);
    }
    url = new URL(form[1]!.replace(/&amp;/g, '&'), url);
    init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many steps at the provider');
}

import { startOidcIssuer as startLocalIssuer, type IssuerClaims } from '../../../../scripts/local-oidc-issuer.mjs';

/**
 * The local OpenID provider shared with the browser tests (scripts/local-oidc-issuer.mjs), with the
 * accounts a test file chooses: our server discovers it, exchanges the code at its token endpoint
 * and verifies its signed ID tokens.
 */
export type IssuerAccount = IssuerClaims;

export function startOidcIssuer(opts: { clientId: string; clientSecret: string; redirectUris: string[]; accounts: Record<string, IssuerAccount> }) {
  return startLocalIssuer({
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    redirectUris: opts.redirectUris,
    claimsFor: (login) => opts.accounts[login],
  });
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

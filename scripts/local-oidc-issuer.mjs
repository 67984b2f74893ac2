// A real OpenID Connect provider (panva's oidc-provider) on a loopback port with one registered
// client and its development login and consent pages, for testing social sign-in end to end: the
// browser tests (via scripts/e2e-server.mjs) and the API tests (apps/api/src/test/oidc-issuer.ts).
// Plain JS so the e2e server can start it without a TS loader.
import http from 'node:http';
import Provider from 'oidc-provider';

/** Default accounts: 'ana' → ana@social.example; an address stays as typed (lower-cased). */
export function emailForLogin(login) {
  const name = String(login).trim().toLowerCase();
  return name.includes('@') ? name : `${name}@social.example`;
}

function defaultClaims(sub) {
  return { email: emailForLogin(sub), email_verified: true, given_name: 'Sam', family_name: 'Social', locale: 'en' };
}

/** `claimsFor(login)` returns the account's claims, or undefined for an unknown login. */
export async function startOidcIssuer({ clientId, clientSecret, redirectUris, port = 0, claimsFor = defaultClaims }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
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
    cookies: { keys: ['local-oidc-cookie-key-0123456789'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, sub) {
      const claims = claimsFor(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
  });
  // Development keys and dev interactions are the point here; their warnings are noise.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

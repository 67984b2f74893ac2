// A local OpenID Connect provider for the browser tests' social sign-in: panva's oidc-provider (the
// one the API tests use, apps/api/src/test/oidc-issuer.ts) with its development login and consent
// pages. Any login name is accepted; it becomes a verified e-mail address, so a test chooses who
// signs in by what it types. Plain JS so scripts/e2e-server.mjs can start it without a TS loader.
import http from 'node:http';
import Provider from 'oidc-provider';

/** 'ana' → ana@social.example; an address stays as typed (lower-cased). */
export function emailForLogin(login) {
  const name = String(login).trim().toLowerCase();
  return name.includes('@') ? name : `${name}@social.example`;
}

export async function startOidcIssuer({ clientId, clientSecret, redirectUris, port = 0 }) {
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
    cookies: { keys: ['e2e-oidc-cookie-key-0123456789'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email: emailForLogin(sub), email_verified: true, given_name: 'Sam', family_name: 'Social', locale: 'en' }),
      };
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

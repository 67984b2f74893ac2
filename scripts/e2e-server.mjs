#!/usr/bin/env node
// The server the browser tests drive: the built API + web app on a fresh embedded PostgreSQL in
// .tmp/e2e-data (wiped each run), so every run starts from the demo seed and an empty outbox.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR ? path.resolve(root, process.env.E2E_DATA_DIR) : path.join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

process.env.DATA_DIR = dataDir;
process.env.PORT ??= '3199';
process.env.HOST = '127.0.0.1';
process.env.EMBEDDED_PG_PORT ??= '54399';
process.env.LOG_LEVEL ??= 'warn';
// The carrier simulator answers after a second and idle job workers look every half second: the
// browser tests follow activations and port-ins to their end without waiting the demo's pace.
process.env.CARRIER_SIM_DELAY_SECONDS ??= '1';
process.env.JOBS_POLL_SECONDS ??= '0.5';
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT}`;
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;

// Social sign-in against a local OpenID provider (auth.spec.ts): started first, so the login page
// lists its button. E2E_OIDC=0 leaves social sign-in unconfigured.
if (process.env.E2E_OIDC !== '0') {
  const { startOidcIssuer } = await import('./local-oidc-issuer.mjs');
  const clientId = 'shop-e2e';
  const clientSecret = 'shop-e2e-secret-0123456789';
  const { issuer } = await startOidcIssuer({
    clientId,
    clientSecret,
    redirectUris: [`${process.env.PUBLIC_URL}/public/auth/social/local/callback`],
  });
  Object.assign(process.env, {
    OIDC_PROVIDERS: 'local',
    OIDC_LOCAL_ISSUER: issuer,
    OIDC_LOCAL_CLIENT_ID: clientId,
    OIDC_LOCAL_CLIENT_SECRET: clientSecret,
    OIDC_LOCAL_NAME: 'Local ID',
  });
}

await import(path.join(root, 'apps/api/dist/server.js'));

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The app under its Content-Security-Policy (issue 9): home, a plan page, checkout and the signed-in
 * dashboard load and work with the policy the server sends, and the browser reports no violation.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outbox = path.join(process.env.E2E_DATA_DIR ? path.resolve(root, process.env.E2E_DATA_DIR) : path.join(root, '.tmp', 'e2e-data'), 'outbox');
const PASSWORD = 'Blue-harbor-lantern-7';

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (v: string) => void seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return seen;
}

function codeFor(email: string): string | undefined {
  if (!existsSync(outbox)) return undefined;
  for (const f of readdirSync(outbox).filter((n) => n.endsWith('.json'))) {
    const m = JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; kind: string; subject: string };
    if (m.to === email && m.kind === 'verification-code') return /\b(\d{6})\b/.exec(m.subject)?.[1];
  }
  return undefined;
}

test('home, a plan page, checkout and the dashboard run under the CSP without a violation', async ({ page, request }) => {
  const violations = await watchViolations(page);

  const home = await page.goto('/');
  const csp = home!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('main')).toBeVisible();

  await page.goto('/plans/paygo');
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  // Something that runs script and injects styles: adding to the cart shows a toast and updates the count.
  await page.getByTestId('plan-card').first().getByRole('button', { name: /^add to cart/i }).first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/checkout');
  await expect(page.locator('main')).toBeVisible();

  // Signed in: an account made through the API, verified with the mailed code, then the login form.
  const email = `csp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/public/auth/register', {
    data: { firstName: 'Cora', lastName: 'Policy', email, phone: '+16465550142', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  let code: string | undefined;
  await expect.poll(() => (code = codeFor(email)), { timeout: 10_000 }).toBeTruthy();
  expect((await request.post(`/public/auth/verify/${code}`, { data: { email } })).ok()).toBe(true);
  await page.goto('/auth/login');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hello, Cora!')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Hello, Cora!')).toBeVisible();

  expect(violations).toEqual([]);
});

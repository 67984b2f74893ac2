import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Accounts and sessions in the browser, against the built server (scripts/e2e-server.mjs). Without
 * SMTP_URL the server writes every mail to DATA_DIR/outbox as .eml + .json; codes and links are read
 * from there, as a person would read them from their inbox.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outbox = path.join(process.env.E2E_DATA_DIR ? path.resolve(root, process.env.E2E_DATA_DIR) : path.join(root, '.tmp', 'e2e-data'), 'outbox');

interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  createdAt: string;
}

/** The newest mail of `kind` to `to`, waiting for it to be written. */
async function newestMail(to: string, kind: string, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(path.join(outbox, f.name), 'utf8')) as Mail)
          .filter((m) => m.to === to && m.kind === kind && Date.parse(m.createdAt) >= after)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        found = mails.at(-1);
        return Boolean(found);
      },
      { message: `a ${kind} mail to ${to} in ${outbox}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.subject)![1]!;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PASSWORD = 'Blue-harbor-lantern-7';

/** An account made and verified through the API, for tests that are about what comes after. */
async function verifiedAccount(request: APIRequestContext, label: string, password = PASSWORD) {
  const email = uniqueEmail(label);
  const registered = await request.post('/public/auth/register', {
    data: { firstName: 'Eve', lastName: 'Tester', email, phone: '+16465550142', password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  const code = codeIn(await newestMail(email, 'verification-code'));
  expect((await request.post(`/public/auth/verify/${code}`, { data: { email } })).ok()).toBe(true);
  return { email, password };
}

async function logIn(page: Page, email: string, password: string, { stay = false } = {}) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  if (stay) await form.getByLabel('Stay signed in').check();
  await form.getByRole('button', { name: 'Log in' }).click();
}

const header = (page: Page) => page.getByRole('banner');

test.describe('accounts and sessions', () => {
  test('register → e-mailed code → dashboard → log out → log in staying signed in → reload keeps the session', async ({ page }) => {
    const email = uniqueEmail('register');
    await page.goto('/auth/registration');
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('García');
    await page.getByLabel('Email').fill(email);
    const phone = page.getByLabel('Phone', { exact: true });
    await phone.click();
    await expect(phone).toHaveValue('+1');
    await phone.pressSequentially('６４６٥٥٥۰۱۴۲');
    await expect(phone).toHaveValue('+16465550142');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();
    const code = codeIn(await newestMail(email, 'verification-code'));
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(page.getByText('Hello, Ana!')).toBeVisible();
    // The phone is written once, formatted for its country.
    await expect(page.getByTestId('overview-profile').getByText('+1 (646) 555-0142')).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();

    // Spec §4: logging out from the header clears the session and goes home.
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'))).toBeNull();

    await page.goto('/auth/login');
    await logIn(page, email, PASSWORD, { stay: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Hello, Ana!')).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('without ‘stay signed in’ the session lives in this tab only and ends when the browser does', async ({ browser, request }) => {
    const { email, password } = await verifiedAccount(request, 'tab-only');
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto('/auth/login');
    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), Boolean(sessionStorage.getItem('token'))])).toEqual([null, true]);
    // A reload in the same tab keeps it (sessionStorage lives as long as the tab).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();

    // A browser restart: cookies and localStorage come back, sessionStorage does not.
    const saved = await first.storageState();
    await first.close();
    const second = await browser.newContext({ storageState: saved });
    const again = await second.newPage();
    await again.goto('/dashboard');
    await expect(again).toHaveURL(/\/auth\/login$/);
    await expect(header(again).getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await second.close();
  });

  test('forgot password → link from the e-mail → the new password works and the old one does not', async ({ page, request }) => {
    const { email, password: oldPassword } = await verifiedAccount(request, 'reset');
    const newPassword = 'Quiet-meadow-river-42';

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    const asked = Date.now() - 1000;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

    const mail = await newestMail(email, 'password-reset', asked);
    const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await logIn(page, email, oldPassword);
    await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await logIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link was single use.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password').fill('Another-fresh-pass-9');
    await page.getByLabel('Confirm password').fill('Another-fresh-pass-9');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  });

  test('a visitor on a dashboard page is sent to log in and comes back to that page', async ({ page, request }) => {
    const { email, password } = await verifiedAccount(request, 'return');
    await page.goto('/dashboard/sim');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

    const scan = await new AxeBuilder({ page }).include('main').analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard\/sim$/);
    await expect(page.getByRole('heading', { name: 'My SIMs', level: 1 })).toBeVisible();
  });

  test('social sign-in with a local OpenID provider lands on the dashboard signed in', async ({ page }) => {
    const login = `social-${Date.now()}`;
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Continue with Local ID' }).click();

    // The provider's own development login and consent pages.
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Hello, Sam!')).toBeVisible();
    await expect(page.getByText(`${login}@social.example`)).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    // The token never stays in the address bar.
    expect(page.url()).not.toContain('t=');
  });
});

test('My Profile: edit the address and country, save, and find them after a reload', async ({ page, request }) => {
  const { email, password } = await verifiedAccount(request, 'profile');
  await page.goto('/auth/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/my-profile');

  const form = page.getByRole('form', { name: 'Personal details' });
  const save = form.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled(); // nothing changed yet
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('Country', { exact: true }).selectOption('CA');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Your profile has been updated.').first()).toBeVisible();
  await expect(save).toBeDisabled(); // the saved values are the new baseline

  await page.reload();
  await expect(form.getByLabel('City')).toHaveValue('Springfield');
  await expect(form.getByLabel('Country', { exact: true })).toHaveValue('CA');
  const stored = await request.get('/subscriber/profile', {
    headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'))}` },
  });
  expect(stored.ok()).toBe(true);
  expect(await stored.json()).toMatchObject({ city: 'Springfield', country: 'CA' });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Buying in the browser against the built server (scripts/e2e-server.mjs) with the offline sandbox
 * gateway and its test cards. Mails are read from DATA_DIR/outbox, as a customer reads their inbox.
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

/** The newest mail to `to` whose text has a link matching `link`; returns the link's path and query. */
async function linkInMail(to: string, link: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(path.join(outbox, f.name), 'utf8')) as Mail)
          .filter((m) => m.to === to && link.test(m.text))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        const match = mails.length ? link.exec(mails.at(-1)!.text) : null;
        found = match ? match[0] : undefined;
        return Boolean(found);
      },
      { message: `a mail to ${to} with a link like ${link}`, timeout: 15_000 },
    )
    .toBe(true);
  const url = new URL(found!);
  return url.pathname + url.search;
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PASSWORD = 'Blue-harbor-lantern-7';

/** Serious and critical accessibility problems on the page as it stands (axe-core). */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function addToCart(page: Page, category: string, { physical = 0, esim = 0, addOn }: { physical?: number; esim?: number; addOn?: string }) {
  await page.goto(`/plan/${category}`);
  const cards = page.getByTestId('plan-card');
  await expect(cards.first()).toBeVisible();
  // The first card with each SIM badge (the shop lists a plan's Physical SIM before its eSIM).
  const physicalCard = cards.filter({ has: page.locator('.badge--physical') }).first();
  const esimCard = cards.filter({ has: page.locator('.badge--esim') }).first();
  for (let i = 0; i < physical; i += 1) await physicalCard.getByRole('button', { name: /^Add to cart/ }).first().click();
  for (let i = 0; i < esim; i += 1) await esimCard.getByRole('button', { name: /^Add to cart/ }).first().click();
  if (addOn) await page.getByRole('button', { name: new RegExp(`^Add to cart: ${addOn}`) }).click();
}

async function openCheckout(page: Page) {
  await page.getByRole('button', { name: /^Cart/ }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

async function fillAddress(page: Page) {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Diaz');
  // Focus first: the field writes the calling code on focus, and a fill racing that re-render
  // could land after it ('+1' + '+1646…').
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.click();
  await expect(phone).toHaveValue('+1');
  await phone.fill('+16465550142');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State / region').fill('TX');
  await page.getByLabel('ZIP / postal code').fill('73301');
}

async function toPayment(page: Page) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/select-payment$/);
  await page.getByRole('radio', { name: /Card \(test gateway\)/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function visitorEsimOrder(page: Page, email: string) {
  await addToCart(page, 'tourist', { esim: 1 });
  await openCheckout(page);
  await expect(page.getByTestId('esim-only')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await toPayment(page);
}

test.describe('checkout with the sandbox gateway', () => {
  test('a visitor buys a physical SIM plan and an eSIM plan with an add-on, sees the confirmation and the invoice, and finds the order in the new account', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('buyer');
    await addToCart(page, 'paygo', { physical: 1, esim: 1, addOn: '100 Call Minutes' });
    await openCheckout(page);

    // The server's quote: SIM card, delivery options and the total; the address is asked for.
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText('PayGo Starter');
    await expect(summary).toContainText('100 Call Minutes');
    await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeVisible();
    await expect(page.getByTestId('summary-shipping')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    const total = (await page.getByTestId('summary-total').textContent())!;

    await page.getByLabel('Email').fill(email);
    await fillAddress(page);
    await toPayment(page);
    await expect(page.getByTestId('order-summary').getByTestId('summary-total')).toHaveText(total);
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/payment-confirmation$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(/Paid|Processing/);
    await expect(page.getByTestId('account-outcome')).toHaveAttribute('data-account', 'created');
    const orderNumber = (await page.getByTestId('payment-confirmation').locator('strong').first().textContent())!;
    await expect(page.getByTestId('cart-count')).toHaveCount(0);

    // The invoice through the unguessable link the order mail carries.
    await page.goto(await linkInMail(email, /https?:\/\/\S+\/invoice\?token=[\w-]+/));
    const invoice = page.getByTestId('invoice');
    await expect(invoice).toContainText(orderNumber);
    await expect(invoice.getByTestId('invoice-total')).toHaveText(total);
    await expect(invoice).toContainText('1 Main St');

    // The new account: choose a password from the e-mailed link, sign in, find the order.
    await page.goto(await linkInMail(email, /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/));
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/order-status');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: orderNumber }).click();
    await expect(page.getByTestId('order-view')).toContainText('100 Call Minutes');

    // The eSIM bought here is delivered on its SIM page (issue 10): QR code, manual entry and the
    // one-tap install link for iPhone, once fulfilment has taken a profile from the inventory.
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard/sim');
          return page.getByTestId('sim-row').filter({ hasText: 'eSIM' }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await page.getByTestId('sim-row').filter({ hasText: 'eSIM' }).first().getByRole('link', { name: 'Manage' }).click();
    await expect(page.getByTestId('esim-qr')).toBeVisible();
    await expect(page.getByTestId('esim-smdp')).not.toBeEmpty();
    await expect(page.getByTestId('esim-code')).not.toBeEmpty();
    await expect(page.getByTestId('esim-iphone-link')).toHaveAttribute('href', /^https:\/\/esimsetup\.apple\.com\/esim_qrcode_provisioning\?carddata=LPA%3A1%24/);
  });

  test('4000 0000 0000 0002 is declined with its reason; a retry with 4242 succeeds', async ({ page }) => {
    test.setTimeout(90_000);
    await visitorEsimOrder(page, uniqueEmail('declined'));
    expect(await axeProblems(page)).toEqual([]);
    await payWith(page, '4000 0000 0000 0002');
    const failure = page.getByTestId('payment-failure');
    await expect(failure).toContainText('Your card was declined by your bank.');
    await expect(failure).toBeFocused();
    expect(await axeProblems(page)).toEqual([]);
    await expect(failure.getByRole('link', { name: 'Choose another payment method' })).toBeVisible();
    await failure.getByRole('button', { name: 'Try again' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/payment-confirmation$/, { timeout: 30_000 });
    await expect(page.getByTestId('order-status')).toHaveText(/Paid|Processing|Delivered/);
  });

  test('a reload on /payment resumes: the order, then the 3220 card’s confirmation step', async ({ page }) => {
    test.setTimeout(90_000);
    await visitorEsimOrder(page, uniqueEmail('reload'));
    const lead = (await page.locator('.page-lead').textContent())!;
    await page.reload();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.locator('.page-lead')).toHaveText(lead);
    const stored = await page.evaluate(() => JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(localStorage.getItem('order')!), (c) => c.charCodeAt(0)))));
    expect(stored.order.number).toBe(lead.replace('Order ', ''));

    // Every payment request the browser sends, across the reload: the resumed step must not start another.
    const paymentPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/public/payment') paymentPosts.push(r.url());
    });
    const readOrderKey = () => page.evaluate(() => JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(localStorage.getItem('order')!), (c) => c.charCodeAt(0)))));

    await payWith(page, '4000 0000 0000 3220');
    await expect(page.getByTestId('payment-confirm-step')).toBeVisible();
    const before = (await readOrderKey()).payment;
    await page.reload();
    await expect(page.getByTestId('payment-confirm-step')).toBeVisible();
    expect((await readOrderKey()).payment).toMatchObject({ id: before.id, requestId: before.requestId });
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/payment-confirmation$/, { timeout: 30_000 });

    // One attempt, sent once, and it is the one that paid.
    expect(paymentPosts).toHaveLength(1);
    const res = await page.request.get(`/public/payment/${before.id}`, { headers: { 'x-order-token': stored.order.accessToken } });
    expect(await res.json()).toMatchObject({ id: before.id, status: 'succeeded' });
  });
});

async function verifiedAccount(request: APIRequestContext) {
  const email = uniqueEmail('cards');
  const registered = await request.post('/public/auth/register', {
    data: { firstName: 'Eve', lastName: 'Tester', email, phone: '+16465550142', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  let code: string | undefined;
  await expect
    .poll(() => {
      const mail = readdirSync(outbox)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as Mail)
        .find((m) => m.to === email && m.kind === 'verification-code');
      code = mail ? /\b(\d{6})\b/.exec(mail.subject)?.[1] : undefined;
      return Boolean(code);
    })
    .toBe(true);
  expect((await request.post(`/public/auth/verify/${code}`, { data: { email } })).ok()).toBe(true);
  return email;
}

test('a subscriber adds a card on the Payment tab and deletes it after confirming', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = await verifiedAccount(request);
  await page.goto('/auth/login');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/my-profile');
  await expect(page.getByTestId('cards-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry date').fill('12/34');
  await dialog.getByLabel('Security code (CVC)').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  const card = page.getByTestId('saved-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('ending in 4242');
  await expect(card).toContainText('Default');

  await page.reload();
  await expect(page.getByTestId('saved-card')).toHaveCount(1);
  await page.getByRole('button', { name: /^Delete .* 4242$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('saved-card')).toHaveCount(0);
  await expect(page.getByTestId('cards-empty')).toBeVisible();
});

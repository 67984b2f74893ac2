import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { makeIccid } from '@app/shared/rules/sim-numbers';
import { expect, test } from './fixtures';

/**
 * SIM screens in the browser against the built server (scripts/e2e-server.mjs) and its demo seed
 * (apps/api/src/db/seed/sims-seed.ts): Dana Demo owns an active physical SIM (+1 646 555 0181, auto-renew
 * on), an active eSIM, an eSIM paid and waiting for activation, and an expired physical SIM.
 */

const DEMO_EMAIL = 'demo@libertywave.example';
const DEMO_PASSWORD = 'Demo-Liberty-Wave-2026';

async function logIn(page: Page) {
  await page.goto('/auth/login');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
  await form.getByLabel('Email').fill(DEMO_EMAIL);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Checkout's payment pages, as every paid SIM action reaches them: the sandbox gateway and its 4242 card. */
async function payWithTestCard(page: Page) {
  // Placing the order can take a while on a busy two-core machine.
  await expect(page).toHaveURL(/\/select-payment$/, { timeout: 30_000 });
  await page.getByRole('radio', { name: /Card \(test gateway\)/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-confirmation$/, { timeout: 30_000 });
}

/** An ICCID as the simulator prints them: 89 01 <issuer> <serial>, Luhn check digit. */
const iccid = (serial: number, issuer = '260') => makeIccid(serial, issuer);

/** "1.5 GB left of 6 GB" → the MB left. */
function dataLeftMb(text: string): number {
  const m = /([\d.,]+) (MB|GB) left of/.exec(text);
  if (!m) throw new Error(`no data balance in "${text}"`);
  const n = Number(m[1]!.replace(/,/g, ''));
  return m[2] === 'GB' ? n * 1024 : n;
}

// Several page loads, two axe runs and a real carrier round trip each: more than the default 45 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('SIMs', () => {
  test('the demo subscriber sees their SIMs, opens one and toggles auto-renew off and on again', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/dashboard/sim');
    const rows = page.getByTestId('sim-row');
    await expect(rows).toHaveCount(4);
    // Physical SIMs first (newest first), then eSIMs.
    await expect(rows.first()).toContainText('Physical SIM');
    await expect(rows.last()).toContainText('eSIM');
    const inUse = rows.filter({ hasText: '+1 (646) 555-0181' });
    await expect(inUse.getByTestId('sim-status')).toHaveText('Active');
    await expect(inUse.getByTestId('sim-allowances')).toContainText('left of');
    expect(await axeProblems(page)).toEqual([]);

    await inUse.getByRole('link', { name: '+1 (646) 555-0181' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('+1 (646) 555-0181');
    const toggle = page.getByRole('switch', { name: 'Auto-renew' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Turn off auto-renew?');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Auto-renew' })).toHaveAttribute('aria-checked', 'false');
    // On again, with the keyboard.
    await page.getByRole('switch', { name: 'Auto-renew' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('switch', { name: 'Auto-renew' })).toHaveAttribute('aria-checked', 'true');
    expect(await axeProblems(page)).toEqual([]);

    // The eSIM waiting for activation shows its QR code and manual entry.
    await page.goto('/dashboard/sim');
    await page.getByTestId('sim-row').filter({ hasText: 'Not activated' }).getByRole('link', { name: 'Manage' }).click();
    await expect(page.getByTestId('esim-qr')).toBeVisible();
    await expect(page.getByTestId('esim-smdp')).toHaveText('smdp.sim.libertywave.example');
    await expect(page.getByTestId('esim-code')).toHaveText('DEMO-9003-DANA');

    // The SIM in use has a week of usage: the chart and the table show it.
    await page.goto('/dashboard/usage');
    await expect(page.getByTestId('usage-chart')).toBeVisible();
    await expect(page.getByTestId('usage-totals')).toContainText(/\d+(\.\d+)? (MB|GB)/);
    expect(await page.getByTestId('usage-days').getByRole('row').count()).toBe(8);
    await context.close();
  });

  test('a visitor activates the demo eSIM by its ICCID and a ZIP, follows the progress and sees the new number', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/activate');
    await page.getByLabel('SIM card number (ICCID)').fill('8901260000000090031');
    await page.getByRole('button', { name: 'Check SIM' }).click();
    const status = page.getByTestId('activate-status');
    await expect(status).toContainText('Ready to activate: PayGo Starter');
    await status.getByLabel('ZIP code').fill('1011');
    await status.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(status).toContainText('Must be 5 digits only');
    await status.getByLabel('ZIP code').fill('10001');
    await status.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByTestId('activate-progress')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    // The simulator answers a few seconds later (CARRIER_SIM_DELAY_SECONDS); the page moves on by itself.
    await expect(page).toHaveURL(/\/activation-result$/, { timeout: 30_000 });
    await expect(page.getByTestId('activation-result')).toContainText(/PayGo Starter.* activated successfully with \+1 \(\d{3}\) \d{3}-\d{4}/);
    // Looking the SIM up again shows it active, never activatable twice.
    await page.getByRole('link', { name: 'Activate another SIM' }).click();
    await page.getByLabel('SIM card number (ICCID)').fill('8901260000000090031');
    await page.getByRole('button', { name: 'Check SIM' }).click();
    await expect(page.getByTestId('activate-already')).toBeVisible();
    await context.close();
  });
  test('the demo subscriber buys a 1 GB data add-on for their SIM, pays on the checkout pages and sees the balance grow', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/dashboard/add-ons');
    const card = page.getByTestId('addons-sim').filter({ hasText: '+1 (646) 555-0181' });
    const data = card.locator('.sim-allowance[data-kind="data"]');
    await expect(data).toContainText('left of');
    const before = dataLeftMb((await data.textContent()) ?? '');
    expect(await axeProblems(page)).toEqual([]);

    await card.getByRole('button', { name: 'Buy 1 GB Data Boost for +1 (646) 555-0181' }).click();
    const dialog = page.getByRole('dialog');
    // The server's price and what the add-on does, before anything is bought.
    await expect(dialog.getByTestId('paid-action-total')).toHaveText(/^\$\d/);
    await expect(dialog.getByTestId('paid-action-effect')).toContainText('Added to this SIM’s balance');
    const total = (await dialog.getByTestId('paid-action-total').textContent()) ?? '';
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Continue to payment · ${total}` }).click();
    await payWithTestCard(page);
    await expect(page.getByTestId('payment-confirmation')).toContainText('The change is sent to the network now');

    // Back on the add-ons page the SIM waits for the network, then shows about 1 GB more (the page
    // polls). The simulator keeps using data meanwhile and figures are rounded, so allow some slack:
    // without the add-on the balance only goes down.
    await page.getByTestId('back-to-action').click();
    await expect(page).toHaveURL(/\/dashboard\/add-ons\?sim=/);
    const after = page.getByTestId('addons-sim').locator('.sim-allowance[data-kind="data"]');
    await expect.poll(async () => dataLeftMb((await after.textContent()) ?? ''), { timeout: 45_000 }).toBeGreaterThanOrEqual(before + 900);
    await context.close();
  });

  test('the demo subscriber tops up the account balance by $12.50 and sees it on the balance page', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/dashboard/transaction');
    const balance = page.getByTestId('balance');
    await expect(balance).toHaveText(/\$/);
    const cents = async () => Math.round(Number(((await balance.textContent()) ?? '').replace(/[^\d.-]/g, '')) * 100);
    const before = await cents();

    await page.goto('/dashboard/sim');
    const panel = page.getByTestId('top-up');
    await panel.getByLabel('Amount (USD)').fill('3');
    await panel.getByRole('button', { name: 'Top up' }).click();
    await expect(panel).toContainText('Must be at least $5');
    await panel.getByLabel('Amount (USD)').fill('12.50');
    await panel.getByRole('button', { name: 'Top up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('paid-action-effect')).toContainText('$12.50 goes on your account balance');
    await dialog.getByRole('button', { name: 'Continue to payment · $12.50' }).click();
    await payWithTestCard(page);
    await expect(page.getByTestId('payment-confirmation')).toContainText('the amount is on your account balance');
    await page.getByTestId('back-to-action').click();
    await expect(page).toHaveURL(/\/dashboard\/transaction$/);
    await expect.poll(cents, { timeout: 20_000 }).toBe(before + 1250);
    await context.close();
  });

  test('signed out, /top-up-sim explains and leads to sign in; /redirect/renew-sim-plan comes back to the SIM’s renewal', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/top-up-sim');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top up minutes, SMS or data');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in to continue' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
    await form.getByLabel('Email').fill(DEMO_EMAIL);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/sim$/);
    const simId = await page.getByTestId('sim-row').filter({ hasText: '+1 (646) 555-0181' }).getAttribute('data-sim-id');
    // Signed in, the support pages are the SIM list.
    await page.goto('/extend-your-sim');
    await expect(page).toHaveURL(/\/dashboard\/sim$/);
    await page.goto(`/redirect/renew-sim-plan?sim=${simId}`);
    // The SIM's page opens its renewal, then takes ?action=renew out of the address.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Renew PayGo Plus SIM?', { timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/dashboard/sim/${simId}$`));
    await expect(dialog.getByTestId('paid-action-effect')).toContainText(/runs until/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
  test('the demo subscriber turns on Wi-Fi calling: the network refuses a ZIP outside the state, then takes the fixed address', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/wifi-actions');
    const panel = page.getByTestId('wifi-signed-in');
    await panel.getByLabel('SIM').selectOption({ label: 'Physical SIM · +1 (646) 555-0181' });
    await expect(panel.getByTestId('wifi-state')).toContainText('Wi-Fi calling is off.');
    await panel.getByLabel('Street address').fill('350 Fifth Avenue');
    await panel.getByLabel('City').fill('New York');
    await panel.getByLabel('State').fill('NY');
    await panel.getByLabel('ZIP code').fill('90210');
    await panel.getByRole('button', { name: 'Turn on Wi-Fi calling' }).click();
    await expect(panel.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    expect(await axeProblems(page)).toEqual([]);
    await panel.getByLabel('ZIP code').fill('10001');
    await panel.getByRole('button', { name: 'Turn on Wi-Fi calling' }).click();
    // Pending while the network works, then on (the page polls).
    await expect(panel.getByTestId('wifi-state')).toContainText('Wi-Fi calling is on.', { timeout: 45_000 });
    await expect(panel.getByTestId('wifi-state')).toContainText('350 Fifth Avenue, New York, NY 10001');
    await context.close();
  });

  test('add SIMs: a mixed list is checked line by line, sent, and reported on /assign-result, also after a reload', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/dashboard/add-sims');
    const mine = iccid(9001);
    const typo = `${mine.slice(0, -1)}${(Number(mine.at(-1)) + 1) % 10}`;
    const lines = [mine.replace(/(\d{4})/g, '$1 ').trim(), iccid(424242, '999'), typo, 'not a sim', mine];
    await page.getByLabel('SIM numbers, one per line').fill(lines.join('\n'));
    await expect(page.getByTestId('add-sims-summary')).toHaveText('2 lines are ready to add; 3 lines have a problem and will not be sent.');
    await page.getByRole('button', { name: 'Add 2 SIMs to my account' }).click();
    await expect(page).toHaveURL(/\/assign-result$/, { timeout: 30_000 });
    const report = page.getByTestId('assign-result-line');
    const outcomes = ['already_yours', 'not_found', 'invalid', 'invalid', 'invalid'];
    await expect(report).toHaveCount(outcomes.length);
    for (const [i, outcome] of outcomes.entries()) await expect(report.nth(i)).toHaveAttribute('data-outcome', outcome);
    await expect(report.nth(1)).toContainText('Check the digits printed on the card');
    expect(await axeProblems(page)).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('assign-result-line')).toHaveCount(outcomes.length);
    await context.close();
  });

  test('the demo subscriber reissues their eSIM and sees the new code replace the old one', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/dashboard/sim');
    await page.getByTestId('sim-row').filter({ hasText: '+1 (646) 555-0182' }).getByRole('link', { name: '+1 (646) 555-0182' }).click();
    await expect(page.getByTestId('esim-code')).toHaveText('DEMO-9002-DANA');
    await page.getByRole('button', { name: 'Reissue my eSIM' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The eSIM installed now stops working');
    await dialog.getByRole('button', { name: 'Reissue my eSIM · free' }).click();
    // The page polls while the network issues the profile, then says so above the new QR code.
    await expect(page.getByTestId('sim-reissued')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('esim-code')).not.toHaveText('DEMO-9002-DANA');
    await expect(page.getByTestId('esim-qr')).toBeVisible();
    await context.close();
  });

  // Last: the eSIM's number is replaced. The seed's donor account for +1 212 555 0147 (sims-seed.ts)
  // holds account OM-20461; the simulator asks for a fix when the details quoted differ.
  test('the demo subscriber ports a number in, is asked to fix the account number, fixes it and follows the port to completion', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page);
    await page.goto('/dashboard/port-in');
    await page.getByRole('button', { name: 'Start a port-in' }).click();
    const form = page.getByTestId('port-form');
    await form.getByLabel('SIM that gets the number').selectOption({ label: 'eSIM · +1 (646) 555-0182' });
    await form.getByLabel('Number to bring').fill('+1 212 555 0147');
    await form.getByLabel('Account holder’s name').fill('Dana Demo');
    await form.getByLabel('Account number at your current carrier').fill('OM-20416');
    await form.getByLabel('Transfer PIN or passphrase').fill('2468');
    await form.getByLabel('Billing address at your current carrier').fill('350 Fifth Avenue, New York, NY');
    await form.getByLabel('Billing ZIP code').fill('10118');
    await form.getByRole('button', { name: 'Send port-in request' }).click();

    // The donor carrier answers a few seconds later (CARRIER_SIM_DELAY_SECONDS per step); the page polls.
    const port = page.getByTestId('port-row').filter({ hasText: '+1 (212) 555-0147' });
    await expect(port.getByTestId('port-status')).toHaveText('Needs a fix', { timeout: 45_000 });
    await expect(port.getByTestId('port-help')).toContainText('Correct the fields below and send them');
    await expect(port.getByTestId('port-help')).toContainText('The account number does not match the one your current carrier has.');
    // Only the field the carrier could not match, holding what was sent.
    const fix = port.getByTestId('port-fix-form');
    await expect(fix.locator('input')).toHaveCount(1);
    await expect(fix.getByLabel('Account number at your current carrier')).toHaveValue('OM-20416');
    expect(await axeProblems(page)).toEqual([]);
    await fix.getByLabel('Account number at your current carrier').fill('OM-20461');
    await fix.getByRole('button', { name: 'Send corrections' }).click();

    await expect(port.getByTestId('port-status')).toHaveText('Completed', { timeout: 45_000 });
    await expect(port).toContainText('2 submissions');
    await expect(port.getByTestId('port-fix-form')).toHaveCount(0);
    // The brought number now belongs to the eSIM.
    await page.goto('/dashboard/sim');
    await expect(page.getByTestId('sim-row').filter({ hasText: '+1 (212) 555-0147' })).toContainText('eSIM');
    await context.close();
  });
});

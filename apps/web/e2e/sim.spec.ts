import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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
});

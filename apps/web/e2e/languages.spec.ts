import { type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * Languages on the built app: switching language in the middle of the checkout keeps the cart and
 * the filled form; in Arabic and in Hebrew (decision 222) the header row, the side drawer, the
 * checkout steps and the SIM list mirror. The language is set as a returning visitor has it (stored,
 * and mirrored into the cookie the server renders by); the left-to-right islands inside right-to-left
 * text are component tests (src/app/rtl.test.tsx). Screenshots are kept in .tmp/test-results.
 */

const DEMO = { email: 'demo@libertywave.example', password: 'Demo-Liberty-Wave-2026' };

/** The language a visitor chose, as the browser keeps it (stored, and in the cookie the server reads). */
async function chooseLanguage(page: Page, lang: string) {
  await page.context().addCookies([{ name: 'user-locale', value: lang, url: baseURL }]);
  await page.evaluate((l) => localStorage.setItem('user-locale', l), lang);
}

/** Reloads the page in a right-to-left language, as a visitor who chose it comes back. */
async function rightToLeft(page: Page, lang: string) {
  await chooseLanguage(page, lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Boxes of the elements matching each selector (the first match), in one round trip. */
function boxes<K extends string>(page: Page, selectors: Record<K, string>): Promise<Record<K, { left: number; right: number }>> {
  return page.evaluate((sel) => {
    const out: Record<string, { left: number; right: number }> = {};
    for (const [name, css] of Object.entries(sel)) {
      const r = document.querySelector(css as string)!.getBoundingClientRect();
      out[name] = { left: r.left, right: r.right };
    }
    return out;
  }, selectors as Record<string, string>) as Promise<Record<K, { left: number; right: number }>>;
}

for (const lang of ['ar', 'he']) {
test(`mid-checkout language switch keeps cart and form; in ${lang} the header, drawer, checkout steps and SIM list mirror`, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/plans/paygo');
  await page.getByTestId('plan-card').first().locator('.price-row button').first().click();
  await expect(page.getByTestId('cart-count')).toBeVisible();
  await rightToLeft(page, lang);

  // Header: the brand at the right edge, then the navigation, the language, cart and account at the left.
  const header = await boxes(page, {
    row: '.site-header__inner',
    brand: '.brand',
    nav: '.main-nav__list',
    language: '.site-header__inner [data-testid="language-select"]',
    account: '.header-actions__account',
  });
  expect(header.brand.right).toBeGreaterThan(header.row.right - 40);
  expect(header.nav.right).toBeLessThanOrEqual(header.brand.left);
  expect(header.language.right).toBeLessThanOrEqual(header.nav.left);
  expect(header.account.left).toBeLessThan(header.row.left + 40);
  // The language panel opens under its button towards the page (its inline end is the button's).
  await page.locator('.site-header__inner [data-testid="language-select"]').click();
  await expect(page.locator('.site-header__inner .language-select__panel')).toBeVisible();
  const panel = await boxes(page, { button: '.site-header__inner [data-testid="language-select"]', panel: '.site-header__inner .language-select__panel' });
  expect(Math.abs(panel.panel.left - panel.button.left)).toBeLessThan(2);
  await page.screenshot({ path: testInfo.outputPath(`${lang}-header.png`), clip: { x: 0, y: 0, width: 1440, height: 400 } });
  await page.keyboard.press('Escape');

  // Drawer: slides in from the left (the inline end) and its links start at the right.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('drawer');
  await expect(drawer).toBeVisible();
  await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const sheet = await boxes(page, { drawer: '[data-testid="drawer"]', title: '.drawer__title', close: '.drawer__head .icon-button' });
  expect(sheet.drawer.left).toBeLessThan(1);
  expect(sheet.drawer.right).toBeLessThan(1024 - 100);
  expect(sheet.title.right).toBeGreaterThan(sheet.close.right);
  await page.screenshot({ path: testInfo.outputPath(`${lang}-drawer.png`) });
  await page.keyboard.press('Escape');

  // Checkout: a half-filled form survives a language switch, and so does the cart.
  await chooseLanguage(page, 'en');
  await page.goto('/checkout');
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByLabel('First name').fill('Amira');
  await page.locator('.site-header__inner [data-testid="language-select"]').click();
  await page.getByRole('option', { name: /^Español/ }).click();
  await expect(page.getByRole('heading', { name: 'Dirección de envío' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('visitor@example.com');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Amira');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page).toHaveURL(/\/checkout$/);

  // Right to left: step 1 at the right, each next step to its left.
  await expect(page.locator('.checkout-steps li')).toHaveCount(4);
  await rightToLeft(page, lang);
  // After the reload the page renders from its frame once hydration is over: wait for it, not just <html>.
  await expect(page.locator('.checkout-steps li')).toHaveCount(4);
  const steps = await page.locator('.checkout-steps li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().left));
  expect(steps).toEqual([...steps].sort((a, b) => b - a));
  expect(new Set(steps).size).toBe(4);
  await page.screenshot({ path: testInfo.outputPath(`${lang}-checkout.png`) });

  // SIM list: each card's number and kind at the right, the status badge at the left.
  const login = await request.post('/public/auth/login', { data: DEMO });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/dashboard/sim');
  await expect(page.getByTestId('sim-row').first()).toBeVisible();
  await rightToLeft(page, lang);
  await expect(page.getByTestId('sim-row').first()).toBeVisible();
  await expect(page.getByTestId('sim-row').first().getByTestId('sim-status')).toBeVisible();
  const card = await boxes(page, { card: '[data-testid="sim-row"]', kind: '[data-testid="sim-row"] .sim-card__kind', status: '[data-testid="sim-row"] [data-testid="sim-status"]' });
  expect(card.kind.right).toBeGreaterThan(card.card.right - 40);
  expect(card.status.left).toBeLessThan(card.kind.left);
  await page.screenshot({ path: testInfo.outputPath(`${lang}-sims.png`) });
});
}

import { test as base, expect, type Browser, type Page } from '@playwright/test';

/**
 * Public pages arrive rendered by the server (decision 202): their buttons are on screen before the
 * JavaScript that makes them work has hydrated the page. A visitor's click in that moment does
 * nothing, and so would a test's; so every navigation here waits until the app says it is live
 * (`<html data-app-ready>`, set by the root layout).
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { timeout: 30_000 });
}

type Goto = Page['goto'];
type Reload = Page['reload'];

/** Makes `page.goto` and `page.reload` wait for the app to be live (pages a test opens itself: call appReady). */
export function waitForAppOnNavigation(page: Page): Page {
  const goto: Goto = page.goto.bind(page);
  const reload: Reload = page.reload.bind(page);
  page.goto = (async (...args: Parameters<Goto>) => {
    const response = await goto(...args);
    await appReady(page);
    return response;
  }) as Goto;
  page.reload = (async (...args: Parameters<Reload>) => {
    const response = await reload(...args);
    await appReady(page);
    return response;
  }) as Reload;
  return page;
}

export const test = base.extend<object, { browser: Browser }>({
  page: async ({ page }, use) => {
    await use(waitForAppOnNavigation(page));
  },
  // Pages of contexts a test opens itself (several sessions, axe on a fresh context) wait too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        // Without JavaScript nothing hydrates: there is nothing to wait for.
        if (args[0]?.javaScriptEnabled !== false) context.on('page', (p) => void waitForAppOnNavigation(p));
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

export { expect };

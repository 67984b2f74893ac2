import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import startupGroups from './startup-groups.json';

/**
 * The first load carries only the startup message groups (decision 200). Every message id written
 * in the code of the shell, home, the plan pages and the 404 page must belong to one of them, or
 * those pages would show raw ids until the rest arrived.
 */
const src = path.resolve(import.meta.dirname, '../..');
// What renders before the rest of the messages can have arrived: the shell and the home page. Toasts,
// the footer and the cart dialog wait for all messages (toast-host, footer-gate, cart-dialog-host);
// every other page does too (route-table.tsx).
const STARTUP_CODE = [
  'app/layout/header.tsx',
  'app/layout/drawer.tsx',
  'app/layout/brand.tsx',
  'app/layout/nav-menu.tsx',
  'app/layout/plan-links.tsx',
  'app/layout/site-links.ts',
  'app/layout/account-actions.tsx',
  'app/layout/language-select.tsx',
  'app/layout/language-panel.tsx',
  'app/layout/skip-link.tsx',
  'app/layout/root-layout.tsx',
  'app/routes/home.tsx',
  'app/routes/unknown-path.tsx',
  'features/content/pages/not-found-page.tsx',
  'app/routes/route-error.tsx',
  'components/ui/spinner.tsx',
  'components/ui/dialog.tsx',
  'components/ui/external-link.tsx',
  'components/ui/skeleton.tsx',
  'components/ui/icons.tsx',
  'features/home',
  'features/catalogue/components/category-cards.tsx',
  'features/cart/components/cart-button.tsx',
  'features/network-coverage/components/zip-form.tsx',
  'features/content/pages/error-page.tsx',
];

function files(rel: string): string[] {
  const full = path.join(src, rel);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(full, f));
}

describe('startup message groups', () => {
  it('hold every message the first pages use', () => {
    const groups = new Set<string>(startupGroups);
    const keys = new Set(Object.keys(en));
    const missing: string[] = [];
    for (const file of STARTUP_CODE.flatMap(files)) {
      const text = readFileSync(file, 'utf8');
      for (const [, id] of text.matchAll(/['"`]([a-zA-Z]+(?:\.[\w-]+)+)['"`]/g)) {
        if (id && keys.has(id) && !groups.has(id.split('.')[0]!)) missing.push(`${path.relative(src, file)}: ${id}`);
      }
      // Ids built at run time (`plans.group.${x}`): their group must be in as a whole.
      for (const [, prefix] of text.matchAll(/`([a-zA-Z]+)\.[\w.-]*\$\{/g)) {
        if (prefix && !groups.has(prefix)) missing.push(`${path.relative(src, file)}: ${prefix}.*`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name existing groups only', () => {
    const existing = new Set(Object.keys(en).map((k) => k.split('.')[0]));
    expect(startupGroups.filter((g) => !existing.has(g))).toEqual([]);
  });
});

import { type Page } from '@playwright/test';

/** Every visible control in the header row: what it says, its box, and whether it is on top at its centre. */
export function headerControls(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('.site-header__inner')!;
    const controls = [...row.querySelectorAll<HTMLElement>('a[href], button, select')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
    return controls.map((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ') || el.tagName,
        kind: el.matches('.brand')
          ? 'brand'
          : el.matches('[data-testid="menu-toggle"]')
          ? 'toggle'
          : el.matches('[data-testid="language-select"]')
            ? 'language'
            : el.matches('.cart-button')
              ? 'cart'
              : el.getAttribute('target') === '_blank'
                ? 'external'
                : (el.getAttribute('href') ?? el.tagName.toLowerCase()),
        box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
        clipped: el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT',
        onTop: !!hit && (hit === el || el.contains(hit)),
        covering: hit && hit !== el && !el.contains(hit) ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : null,
      };
    });
  });
}

export type Control = Awaited<ReturnType<typeof headerControls>>[number];

/** From 1380 px: every SPEC §2 item shows, on one line, no two overlap, and no drawer toggle. */
export function headerRowProblems(controls: Control[], { cart, signedIn }: { cart: boolean; signedIn: boolean }): string[] {
  const problems: string[] = [];
  const kinds = controls.map((c) => c.kind);
  const expected = [
    'brand',
    '/',
    'button', // Plans
    'button', // Support
    '/international-rate',
    '/shipping-fee',
    'external',
    'external',
    'language',
    signedIn ? '/dashboard' : '/auth/registration',
    ...(signedIn ? ['button'] : ['/auth/login']), // Logout is a button
    ...(cart ? ['cart'] : []),
  ];
  const missing = [...expected];
  for (const k of kinds) {
    const i = missing.indexOf(k);
    if (i >= 0) missing.splice(i, 1);
  }
  if (missing.length) problems.push(`missing from the row: ${missing.join(', ')} (row has ${kinds.join(', ')})`);
  if (kinds.includes('toggle')) problems.push('the drawer toggle shows');
  const top = Math.max(...controls.map((c) => c.box.top));
  const bottom = Math.min(...controls.map((c) => c.box.bottom));
  if (top >= bottom) problems.push('the items are not on one line');
  for (let i = 0; i < controls.length; i += 1) {
    const a = controls[i]!;
    if (a.clipped) problems.push(`"${a.name}" is cut off`);
    for (let j = i + 1; j < controls.length; j += 1) {
      const b = controls[j]!;
      if (a.box.left < b.box.right - 0.5 && b.box.left < a.box.right - 0.5 && a.box.top < b.box.bottom - 0.5 && b.box.top < a.box.bottom - 0.5) {
        problems.push(`"${a.name}" overlaps "${b.name}"`);
      }
    }
  }
  return problems;
}

/**
 * Adds the first price of the nth plan card (or of the plan on a single plan's page) and waits for
 * its toast. A toast still showing for the same plan is not repeated, so each call in a test names
 * another plan.
 */

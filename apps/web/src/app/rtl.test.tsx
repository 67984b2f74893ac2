import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../lib/use-format-money';
import { FSI, LRI, PDI } from '../lib/intl/bidi';
import { resetLocaleForTests, type LocaleState } from '../lib/intl/locale-store';
import { englishMessages } from '../test/messages';
import { apiStub } from '../test/api-stub';
import { pseudoArabicMessages } from '../test/pseudo-rtl';
import { publicDetailsFixture, renderRoutes } from '../test/render';
import { sim } from '../test/sim-fixtures';
import SimListPage from '../features/sims/pages/sim-list-page';
import { CheckoutSteps } from '../features/checkout/components/checkout-steps';
import { Pager } from '../components/ui/pager';
import { Header } from './layout/header';

/**
 * Right to left (decision 222), with a test-only pseudo-Arabic catalogue generated from English:
 * the document's direction and language follow the language, and numbers, prices, phone numbers and
 * ICCIDs stay left to right inside the right-to-left text.
 */
const messages = pseudoArabicMessages();

function inArabic() {
  // 'ar' is not offered yet: the store takes it as the app would once its catalogue lands.
  resetLocaleForTests({ locale: 'ar', messages, loading: false } as unknown as LocaleState);
}

function stubApi(routes: Record<string, object> = {}) {
  const stub = apiStub({ 'GET /public/service_provider/public_details': publicDetailsFixture, 'GET /public/plan_category': [], ...routes });
  vi.stubGlobal('fetch', vi.fn(stub.fetch));
}

beforeEach(() => inArabic());
afterEach(() => {
  vi.unstubAllGlobals();
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
});

describe('a right-to-left language', () => {
  it('sets <html dir="rtl" lang="ar">, and back to ltr for English', () => {
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
  });

  it('renders the header and the drawer from its catalogue (no English, no raw ids)', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '*', element: <Header /> }], '/', { locale: 'ar', messages });
    await user.click(screen.getByTestId('menu-toggle'));
    const drawer = await screen.findByTestId('drawer');
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/\b(nav|header|drawer)\.[a-z]/);
    // Only the brand, the endonyms and codes are Latin: every sentence came from the catalogue.
    const latin = (within(drawer).getByRole('navigation').textContent ?? '').match(/[A-Za-z]{3,}/g) ?? [];
    expect(latin).toEqual([]);
  });

  it('keeps phone numbers and ICCIDs left to right and isolates data sizes on the SIM list', async () => {
    stubApi({ 'GET /subscriber/sim': { total: 1, data: [sim({ mdn: '+16465550181', iccid: '8912600000000009001' })] } });
    renderRoutes([{ path: 'dashboard/sim', Component: SimListPage }], '/dashboard/sim', { locale: 'ar', messages });
    const row = await screen.findByTestId('sim-row');
    expect(row.querySelector('.sim-card__number a')!.textContent).toBe(`${LRI}+1 (646) 555-0181${PDI}`);
    expect(row.textContent).toContain(`${LRI}8912600000000009001${PDI}`);
    const allowances = within(row).getByTestId('sim-allowances').textContent ?? '';
    expect(allowances).toContain(FSI);
    // Every isolate is closed.
    const opens = (row.textContent!.match(/[\u2066\u2068]/g) ?? []).length;
    expect((row.textContent!.match(/\u2069/g) ?? []).length).toBe(opens);
  });

  it('isolates prices in the direction Intl gives them; English text gets no marks', () => {
    const arabic = formatMoney(399, 'ar', 'USD');
    expect(arabic.startsWith(FSI) && arabic.endsWith(PDI)).toBe(true);
    expect(arabic).toContain('3.99');
    expect(formatMoney(-399, 'he', 'USD').startsWith(FSI)).toBe(true);
    expect(formatMoney(399, 'en', 'USD')).toBe('$3.99');
  });

  it('numbers the checkout steps in document order, so the row runs right to left', () => {
    renderRoutes([{ path: '*', element: <CheckoutSteps current="method" /> }], '/', { locale: 'ar', messages });
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.checkout-steps__number')!.textContent)).toEqual(['1', '2', '3', '4']);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
  });

  it('writes counts, page numbers and step numbers in the page’s digits (Persian)', () => {
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <CheckoutSteps current="details" />
              <Pager page={2} pageSize={10} total={120} onPage={() => {}} />
            </>
          ),
        },
      ],
      '/',
      { locale: 'fa', messages },
    );
    expect(screen.getAllByRole('listitem').map((s) => s.querySelector('.checkout-steps__number')!.textContent)).toEqual(['۱', '۲', '۳', '۴']);
    expect(document.querySelector('.pager__status')!.textContent).toMatch(/۲.*۱۲/);
  });
});

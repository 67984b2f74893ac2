import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonFetch, publicDetailsFixture, renderRoutes } from '../../test/render';
import { FooterGate, FOOTER_DELAY_MS } from './footer-gate';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/public/plan_category': [], '/public/service_provider/public_details': publicDetailsFixture })));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderRoutes([{ path: '*', Component: FooterGate }], path);
}

describe('footer', () => {
  it('appears only after one second', async () => {
    renderAt('/faq');
    await act(async () => {
      vi.advanceTimersByTime(FOOTER_DELAY_MS - 50);
    });
    expect(screen.queryByTestId('site-footer')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    const footer = await screen.findByTestId('site-footer');
    expect(footer.tagName).toBe('FOOTER');
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
    for (const heading of ['Plans', 'Company', 'More info', 'Legal', 'Support']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByRole('list', { name: 'Payment methods we accept' })).toBeTruthy();
    // Support channels come from public_details.
    expect(await screen.findByRole('link', { name: 'sales@libertywave.example' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@libertywave.example' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /\+1 \(646\) 555-0199/ }).getAttribute('href')).toBe('https://wa.me/16465550199');
    expect(screen.getByRole('link', { name: /^@libertywave/ }).getAttribute('href')).toBe('https://t.me/libertywave');
    const manual = screen.getByRole('link', { name: /User manual/ });
    expect(manual.getAttribute('target')).toBe('_blank');
    expect(manual.getAttribute('rel')).toBe('noopener noreferrer');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Liberty Wave Mobile`);
  });

  it.each(['/plans/paygo', '/plans/tourist', '/plans/value', '/plans/imigrant', '/plans/travaler', '/plans/roaming', '/error-page', '/auth/social/google'])(
    'is hidden on %s',
    async (path) => {
      renderAt(path);
      await act(async () => {
        vi.advanceTimersByTime(FOOTER_DELAY_MS * 2);
      });
      expect(screen.queryByTestId('site-footer')).toBeNull();
    },
  );

  it.each(['/', '/plan/paygo', '/plans/unknown', '/about'])('is shown on %s', async (path) => {
    renderAt(path);
    await act(async () => {
      vi.advanceTimersByTime(FOOTER_DELAY_MS + 10);
    });
    expect(await screen.findByTestId('site-footer')).toBeTruthy();
  });
});

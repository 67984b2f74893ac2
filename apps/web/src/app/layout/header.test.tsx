import { SUPPORTED_LOCALES } from '../../lib/intl/languages';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../features/cart/cart-store';
import { englishMessages } from '../../test/messages';
import { resetLocaleForTests } from '../../lib/intl/locale-store';
import { logout, setToken } from '../../lib/session';
import { jsonFetch, publicDetailsFixture, renderRoutes } from '../../test/render';
import Drawer from './drawer';
import { Header } from './header';

const categories = [
  { id: 'c1', slug: 'paygo', name: 'PayGo', description: '', sortOrder: 1, plans: [plan('p1', 'c1')] },
  { id: 'c2', slug: 'tourist', name: 'Tourist', description: '', sortOrder: 2, plans: [plan('p2', 'c2')] },
  { id: 'c3', slug: 'acp', name: 'ACP', description: '', sortOrder: 3, plans: [plan('p3', 'c3')] },
];

function plan(id: string, categoryId: string) {
  return {
    id,
    categoryId,
    slug: `plan-${id}`,
    name: `Plan ${id}`,
    description: '',
    isActive: true,
    simSource: { type: 'sim_standard' },
    dataMb: 1024,
    voiceMinutes: null,
    sms: null,
    validityDays: 30,
    internationalMinutes: 0,
    unlimitedInternationalCalls: false,
    sortOrder: 0,
  };
}

const token = `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`;

function renderHeaderAt(path: string) {
  return renderRoutes([{ path: '*', element: <Header /> }], path);
}

beforeEach(() => {
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
  vi.stubGlobal('fetch', vi.fn(jsonFetch({ '/public/plan_category': categories, '/public/service_provider/public_details': publicDetailsFixture })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
  logout();
});

describe('header', () => {
  it('shows the cart button with the total quantity only when the cart has items', async () => {
    renderHeaderAt('/');
    expect(screen.queryByTestId('cart-count')).toBeNull();
    act(() => {
      cartStore.add({ _type: 'plan', planId: 'p1', priceId: 'x1', categoryId: 'c1', quantity: 2 });
      cartStore.add({ _type: 'addon', addonId: 'a1', categoryId: 'c1' });
    });
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('lists visible plan categories in the Plans menu, linking to /plan/<name>', async () => {
    const user = userEvent.setup();
    renderHeaderAt('/');
    const plans = screen.getByRole('button', { name: 'Plans' });
    expect(plans.getAttribute('aria-expanded')).toBe('false');
    await user.click(plans);
    expect(plans.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(plans.getAttribute('aria-controls')!)!;
    expect((await within(panel).findByRole('link', { name: 'Tourist' })).getAttribute('href')).toBe('/plan/tourist');
    expect(within(panel).queryByRole('link', { name: 'ACP' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(plans.getAttribute('aria-expanded')).toBe('false');
  });

  it('highlights Plans and Support for their routes', () => {
    renderHeaderAt('/plans/tourist');
    expect(screen.getByRole('button', { name: 'Plans' }).className).toContain('is-active');
    expect(screen.getByRole('button', { name: 'Support' }).className).not.toContain('is-active');
  });

  it('offers Sign Up and Login to visitors, My Account and Logout to subscribers', async () => {
    const user = userEvent.setup();
    const { router } = renderHeaderAt('/faq');
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]?.getAttribute('href')).toBe('/auth/registration');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]?.getAttribute('href')).toBe('/auth/login');
    act(() => setToken(token, { remember: true }));
    expect(screen.getAllByRole('link', { name: 'My Account' })[0]?.getAttribute('href')).toBe('/dashboard');
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });

  it('hides Login on the login page and Sign Up on registration and dashboard pages', () => {
    renderHeaderAt('/auth/login');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).length).toBeGreaterThan(0);
  });

  it('sends extend and top-up to the dashboard when signed in', async () => {
    setToken(token, { remember: false });
    const user = userEvent.setup();
    renderHeaderAt('/');
    await user.click(screen.getByRole('button', { name: 'Support' }));
    expect(screen.getAllByRole('link', { name: 'Extend your SIM' })[0]?.getAttribute('href')).toBe('/dashboard/sim');
    expect(screen.getAllByRole('link', { name: 'Top-up Minutes/SMS/Data' })[0]?.getAttribute('href')).toBe('/dashboard/sim');
  });

  it('opens external links in a new tab without leaking the opener', async () => {
    renderHeaderAt('/');
    const links = await screen.findAllByRole('link', { name: /Global eSIM/ });
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('href')).toBe('https://global-esim.example/');
    }
  });

  it('offers only complete languages, each named in itself, in the row and in the drawer', async () => {
    const user = userEvent.setup();
    renderHeaderAt('/');
    // The drawer's code comes after the page is up.
    await screen.findByTestId('drawer');
    const [inRow, inDrawer] = screen.getAllByTestId('language-select');
    expect(inRow!.getAttribute('aria-label')).toBe('Language: English');
    expect(inRow!.textContent).toBe('EN');
    expect(inDrawer!.textContent).toBe('English');
    await user.click(inRow!);
    const list = await screen.findByRole('listbox', { name: 'Language' });
    expect(within(list).getAllByRole('option').map((o) => o.firstElementChild!.textContent)).toEqual(SUPPORTED_LOCALES.map((l) => l.name));
  });

  it('opens the drawer as a labelled modal dialog and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderHeaderAt('/');
    const toggle = screen.getByTestId('menu-toggle');
    const drawer = await screen.findByTestId('drawer');
    expect(toggle.getAttribute('aria-controls')).toBe(drawer.id);
    expect(drawer.closest('[hidden]')).not.toBeNull();
    await user.click(toggle);
    expect(drawer.closest('[hidden]')).toBeNull();
    expect(drawer.getAttribute('role')).toBe('dialog');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBe(drawer);
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(within(drawer).getByRole('link', { name: 'International rates' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(drawer.closest('[hidden]')).not.toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('opens the drawer when the toggle is pressed before the drawer was mounted (it mounts when the browser is idle)', async () => {
    const user = userEvent.setup();
    renderHeaderAt('/');
    // Right after the first render nothing has mounted the drawer yet.
    expect(screen.queryByTestId('drawer')).toBeNull();
    await user.click(screen.getByTestId('menu-toggle'));
    const drawer = await screen.findByTestId('drawer');
    await vi.waitFor(() => expect(drawer.closest('[hidden]')).toBeNull());
    expect(screen.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBe(drawer);
  });

  it('keeps Tab inside the open drawer', async () => {
    const user = userEvent.setup();
    renderHeaderAt('/');
    await user.click(screen.getByTestId('menu-toggle'));
    const drawer = await screen.findByTestId('drawer');
    for (let i = 0; i < 40; i++) {
      await user.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }
  });
});

describe('drawer', () => {
  it('stays open when its code arrives after the toggle was pressed, and closes on navigation', async () => {
    const onClose = vi.fn();
    const { router } = renderRoutes([{ path: '*', element: <Drawer open onClose={onClose} /> }], '/');
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await act(() => router.navigate('/faq'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

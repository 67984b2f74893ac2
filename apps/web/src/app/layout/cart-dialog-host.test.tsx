import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@app/shared/contracts/cart';
import { MAX_ITEM_QUANTITY, cartItemKey } from '@app/shared/rules/cart';
import { priceCart, pricingCatalogue } from '@app/shared/rules/pricing';
import { SIMULATED_SIM_CARD_PRICE } from '../../lib/public-details';
import { formatMoney } from '../../lib/use-format-money';
import { cartStore } from '../../features/cart/cart-store';
import { addOnsFixture, categoriesFixture, pricesFixture } from '../../test/catalogue-fixtures';
import { jsonFetch, publicDetailsFixture, renderRoutes } from '../../test/render';
import CartDialog from './cart-dialog-host';

const onClose = vi.fn();

/** The catalogue the dialog loads, and any other answers a test adds. */
function stubApi(extra: Record<string, unknown> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      jsonFetch({
        '/public/plan_category': categoriesFixture,
        '/public/plan_pricing?isActive=true': pricesFixture,
        '/public/add-on_plan?isActive=true': addOnsFixture,
        '/public/service_provider/public_details': publicDetailsFixture,
        ...extra,
      }),
    ),
  );
}

beforeEach(() => {
  onClose.mockClear();
  stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
});

function renderDialog() {
  return renderRoutes([{ path: '*', element: <CartDialog onClose={onClose} /> }], '/plan/paygo');
}

const money = (cents: number) => formatMoney(cents, 'en', 'USD');

/** What the shared priceCart() says for these lines, priced from the same catalogue the dialog loads. */
function expectedQuote(items: CartItem[]) {
  const plans = categoriesFixture.flatMap((c) => c.plans);
  const catalogue = pricingCatalogue(plans, pricesFixture.filter((p) => p.isActive), addOnsFixture);
  return priceCart(items, catalogue, { simCardPrice: SIMULATED_SIM_CARD_PRICE, shipping: null });
}

/** The dialog's figures by their labels: each summary row's term → its value. */
function figures(dialog: HTMLElement): Record<string, string> {
  const rows = dialog.querySelectorAll('.cart-dialog__figures > div');
  return Object.fromEntries(Array.from(rows, (row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
}

describe('cart dialog', () => {
  it('shows the figures of the shared priceCart() for a mixed cart (physical SIM, eSIM, add-on)', async () => {
    const items: CartItem[] = [
      { _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-90', categoryId: 'cat-paygo', quantity: 2 },
      { _type: 'plan', planId: 'plan-esim', priceId: 'price-esim-30', categoryId: 'cat-paygo', quantity: 3 },
      { _type: 'addon', addonId: 'addon-data', planId: 'plan-esim', categoryId: 'cat-paygo', quantity: 2 },
    ];
    for (const item of items) cartStore.add(item);
    const quote = expectedQuote(items);
    expect(quote.sellable).toBe(true);
    expect(quote.physicalSims).toBe(2);

    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Your cart' });
    await within(dialog).findByText('PayGo eSIM');
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines.map((li) => li.querySelector('.cart-line__total')!.textContent)).toEqual(quote.lines.map((l) => money(l.total)));
    expect(lines.map((li) => li.querySelector('.cart-line__unit')!.textContent)).toEqual(quote.lines.map((l) => `${money(l.unitPrice)} each`));
    expect(figures(dialog)).toEqual({
      Subtotal: money(quote.subtotal),
      '2 SIM cards': money(quote.simCards),
      Shipping: 'Chosen at checkout',
    });
    // Shipping is chosen at checkout: with a physical SIM in the cart there is no total yet.
    expect(quote.total).toBeNull();
    // The figures themselves, so a change to priceCart() that the dialog followed is still noticed.
    expect([quote.subtotal, quote.simCards]).toEqual([2 * 850 + 3 * 499 + 2 * 500, 2 * 100]);
  });

  it('shows priceCart()’s total when nothing ships (eSIM and add-on only)', async () => {
    const items: CartItem[] = [
      { _type: 'plan', planId: 'plan-esim', priceId: 'price-esim-30', categoryId: 'cat-paygo', quantity: 1 },
      { _type: 'addon', addonId: 'addon-data', planId: 'plan-esim', categoryId: 'cat-paygo', quantity: 1 },
    ];
    for (const item of items) cartStore.add(item);
    const quote = expectedQuote(items);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Your cart' });
    await within(dialog).findByText('PayGo eSIM');
    expect(figures(dialog)).toEqual({ Subtotal: money(quote.subtotal), Total: money(quote.total!) });
    expect(quote.total).toBe(999);
  });

  it('marks an add-on that does not fit its plan, as priceCart() does, and holds checkout', async () => {
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-30', categoryId: 'cat-paygo' });
    cartStore.add({ _type: 'addon', addonId: 'addon-data', planId: 'plan-sim', categoryId: 'cat-paygo' });
    renderDialog();
    expect(await screen.findByText('This add-on does not fit the plan it was chosen for. Please remove it.')).toBeTruthy();
    expect(figures(screen.getByRole('dialog'))['Subtotal']).toBe('$3');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('lists lines with catalogue names and prices, and a display subtotal', async () => {
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-90', categoryId: 'cat-paygo', quantity: 2 });
    cartStore.add({ _type: 'addon', addonId: 'addon-data', categoryId: 'cat-paygo' });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Your cart' });
    expect(await within(dialog).findByText('PayGo SIM')).toBeTruthy();
    expect(within(dialog).getByText('PayGo · Physical SIM · 90 days')).toBeTruthy();
    expect(within(dialog).getByText('1 GB Data Boost')).toBeTruthy();
    expect(within(dialog).getByText('1 GB')).toBeTruthy();
    expect(within(dialog).getByText('$17')).toBeTruthy();
    expect(within(dialog).getByText('$22')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('changes quantity with the stepper and removes lines', async () => {
    const user = userEvent.setup();
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-30', categoryId: 'cat-paygo' });
    renderDialog();
    await screen.findByText('PayGo SIM');
    expect(screen.getByRole('button', { name: 'Decrease quantity of PayGo SIM' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of PayGo SIM' }));
    expect(cartStore.getState().quantity).toBe(2);
    expect(screen.getAllByText('$6')).toHaveLength(2); // line total and subtotal
    await user.click(screen.getByRole('button', { name: 'Remove PayGo SIM' }));
    expect(cartStore.getState().quantity).toBe(0);
    expect(screen.getByText('Your cart is empty. Pick a plan to get started.')).toBeTruthy();
  });

  it('flags lines no longer sold and holds checkout until they are removed', async () => {
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-old', categoryId: 'cat-paygo' });
    renderDialog();
    expect(await screen.findByText('This item is no longer sold. Please remove it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('marks plans whose kind of SIM is sold out for the moment, keeps their price, and holds checkout', async () => {
    stubApi({ '/public/sim/availability': { physical: true, esim: false } });
    cartStore.add({ _type: 'plan', planId: 'plan-esim', priceId: 'price-esim-30', categoryId: 'cat-paygo' });
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-30', categoryId: 'cat-paygo' });
    renderDialog();
    expect(await screen.findByText('Sold out for the moment')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    // Only the eSIM line: SIM cards are left.
    expect(within(dialog).getAllByText('Sold out for the moment')).toHaveLength(1);
    expect(figures(dialog)['Subtotal']).toBe(money(expectedQuote([...cartStore.getState().items]).subtotal));
    expect(within(dialog).getByText('Remove the items marked sold out from your cart to continue.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps lines when the catalogue cannot be loaded, instead of calling them no longer sold', async () => {
    const user = userEvent.setup();
    let failing = true;
    const answer = jsonFetch({
      '/public/plan_category': categoriesFixture,
      '/public/plan_pricing?isActive=true': pricesFixture,
      '/public/add-on_plan?isActive=true': addOnsFixture,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        failing && String(input).includes('/public/plan_pricing')
          ? new Response(JSON.stringify({ message: 'Service unavailable' }), { status: 503 })
          : answer(input),
      ),
    );
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-90', categoryId: 'cat-paygo' });
    renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We couldn’t load the prices of your cart');
    expect(screen.queryByText('This item is no longer sold. Please remove it.')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBeNull();
    expect(cartStore.getState().quantity).toBe(1);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PayGo SIM')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps focus inside the dialog when a line is removed', async () => {
    const user = userEvent.setup();
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-30', categoryId: 'cat-paygo' });
    cartStore.add({ _type: 'addon', addonId: 'addon-data', categoryId: 'cat-paygo' });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Your cart' });
    await user.click(await screen.findByRole('button', { name: 'Remove PayGo SIM' }));
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove 1 GB Data Boost' }));
    expect(screen.getByText('Your cart is empty. Pick a plan to get started.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab still cycles within the dialog rather than escaping to the page behind it.
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps focus on the stepper when the quantity reaches its limits', async () => {
    const user = userEvent.setup();
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-30', categoryId: 'cat-paygo', quantity: 2 });
    renderDialog();
    const decrease = await screen.findByRole('button', { name: 'Decrease quantity of PayGo SIM' });
    await user.click(decrease);
    expect(cartStore.getState().quantity).toBe(1);
    expect(document.activeElement).toBe(decrease);
    expect(decrease.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(cartStore.getState().quantity).toBe(1);
    expect(document.activeElement).toBe(decrease);

    const increase = screen.getByRole('button', { name: 'Increase quantity of PayGo SIM' });
    await act(async () => {
      cartStore.setQuantity(cartItemKey(cartStore.getState().items[0]!), MAX_ITEM_QUANTITY - 1);
    });
    await user.click(increase);
    expect(cartStore.getState().quantity).toBe(MAX_ITEM_QUANTITY);
    expect(document.activeElement).toBe(increase);
    expect(increase.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(cartStore.getState().quantity).toBe(MAX_ITEM_QUANTITY);
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderDialog();
    await act(async () => {});
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

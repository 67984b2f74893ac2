import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ITEM_QUANTITY, cartItemKey } from '@app/shared/rules/cart';
import { cartStore } from '../../lib/cart-store';
import { addOnsFixture, categoriesFixture, pricesFixture } from '../../test/catalogue-fixtures';
import { jsonFetch, publicDetailsFixture, renderRoutes } from '../../test/render';
import CartDialog from './cart-dialog';

const onClose = vi.fn();

beforeEach(() => {
  onClose.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      jsonFetch({
        '/public/plan_category': categoriesFixture,
        '/public/plan_pricing?isActive=true': pricesFixture,
        '/public/add-on_plan?isActive=true': addOnsFixture,
        '/public/service_provider/public_details': publicDetailsFixture,
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
});

function renderDialog() {
  return renderRoutes([{ path: '*', element: <CartDialog onClose={onClose} /> }], '/plan/paygo');
}

describe('cart dialog', () => {
  it('lists lines with catalogue names and prices, and a display subtotal', async () => {
    cartStore.add({ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-90', categoryId: 'cat-paygo', quantity: 2 });
    cartStore.add({ _type: 'addon', addonId: 'addon-data', categoryId: 'cat-paygo' });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Your cart' });
    expect(await within(dialog).findByText('PayGo SIM')).toBeTruthy();
    expect(within(dialog).getByText('PayGo · Physical SIM · 90 days')).toBeTruthy();
    expect(within(dialog).getByText('1 GB Data Boost')).toBeTruthy();
    expect(within(dialog).getByText('1024 MB')).toBeTruthy();
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

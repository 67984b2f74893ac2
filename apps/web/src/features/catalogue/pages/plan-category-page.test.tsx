import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider } from 'react-router';
import * as toast from '../../../lib/toast';
import { apiStub } from '../../../test/api-stub';
import { addOnsFixture, categoriesFixture, pricesFixture } from '../../../test/catalogue-fixtures';
import { Providers, cartStore, jsonFetch, publicDetailsFixture, renderRoutes, testQueryClient } from '../../../test/render';
import PlanCategoryPage from './plan-category-page';

beforeEach(() => {
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
  vi.restoreAllMocks();
  cartStore.clear();
});

function renderAt(path: string) {
  return renderRoutes([{ path: 'plan/:name', Component: PlanCategoryPage }], path);
}

describe('/plan/:name', () => {
  // First in the file: React reports a missing key only once per component type.
  it('renders the plan notes’ links without React key warnings', async () => {
    const error = vi.spyOn(console, 'error');
    renderAt('/plan/paygo');
    expect(await screen.findByRole('link', { name: 'shipping fee' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'check your phone supports eSIM' })).toBeTruthy();
    expect(error.mock.calls.filter((args) => String(args[0]).includes('unique "key"'))).toEqual([]);
  });

  it('shows the category’s active plans, Physical SIM first, with their active prices', async () => {
    renderAt('/plan/paygo');
    expect(await screen.findByRole('heading', { level: 1, name: 'PayGo' })).toBeTruthy();
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['PayGo SIM', 'PayGo eSIM']);
    expect(within(cards[0]!).getByText('Physical SIM')).toBeTruthy();
    expect(within(cards[1]!).getByText('eSIM')).toBeTruthy();
    expect(within(cards[0]!).getByText('3 GB')).toBeTruthy();
    expect(within(cards[0]!).getByText('300 SMS')).toBeTruthy();

    const buttons = await within(cards[0]!).findAllByRole('button', { name: /^Add to cart/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add to cart: PayGo SIM, $3 for 30 days',
      'Add to cart: PayGo SIM, $8.50 for 90 days',
    ]);
    expect(screen.queryByText('Retired plan')).toBeNull();
  });

  it('adds a price to the cart and confirms with a success toast', async () => {
    const success = vi.spyOn(toast.notify, 'success');
    const user = userEvent.setup();
    renderAt('/plan/PAYGO');
    const [card] = await screen.findAllByTestId('plan-card');
    const [first] = await within(card!).findAllByRole('button', { name: /^Add to cart/ });
    await user.click(first!);
    await user.click(first!);
    expect(cartStore.getState().items).toEqual([{ _type: 'plan', planId: 'plan-sim', priceId: 'price-sim-30', categoryId: 'cat-paygo', quantity: 2 }]);
    expect(success).toHaveBeenCalledWith({ id: 'cart.added', values: { name: 'PayGo SIM' } });
  });

  it('lists the add-ons allowed for these plans with their spec labels', async () => {
    const user = userEvent.setup();
    renderAt('/plan/paygo');
    expect(await screen.findByText('100 min')).toBeTruthy();
    expect(screen.getByText('1 GB')).toBeTruthy();
    expect(screen.queryByText(/Other plan only/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to cart: 100 Call Minutes, $3' }));
    expect(cartStore.getState().items).toEqual([{ _type: 'addon', addonId: 'addon-voice', categoryId: 'cat-paygo', quantity: 1 }]);
  });

  it('says so when no category has that name, including hidden ones', async () => {
    renderAt('/plan/unlimited');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan group not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all plans' }).getAttribute('href')).toBe('/plans');
  });

  it('reads names in the visitor’s language at the same address, and a language switch fetches the other texts', async () => {
    // The server's answer per Accept-Language: names translated, slugs and kinds as in English.
    const spanish = categoriesFixture.map((c) => ({ ...c, name: c.slug === 'paygo' ? 'Pago por uso' : c.name, plans: c.plans.map((p) => ({ ...p, name: `${p.name} (es)` })) }));
    const stub = apiStub({
      'GET /public/plan_category': (req) => (req.headers['accept-language'] === 'es' ? spanish : categoriesFixture),
      'GET /public/plan_pricing': pricesFixture,
      'GET /public/add-on_plan': (req) => (req.headers['accept-language'] === 'es' ? addOnsFixture.map((a, i) => ({ ...a, name: `Paquete ${i + 1}` })) : addOnsFixture),
      'GET /public/service_provider/public_details': publicDetailsFixture,
    });
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
    const client = testQueryClient();
    const { router, rerender } = renderRoutes([{ path: 'plan/:name', Component: PlanCategoryPage }], '/plan/paygo', { client });
    expect(await screen.findByRole('heading', { level: 1, name: 'PayGo' })).toBeTruthy();
    rerender(
      <Providers client={client} locale="es">
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago por uso' })).toBeTruthy();
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['PayGo SIM (es)', 'PayGo eSIM (es)']);
    // Classified by the server's kind, not by the translated name (which has none of the rule's words).
    expect(await screen.findByText('Paquete 1', { exact: false })).toBeTruthy();
    expect(screen.getByText('100 min')).toBeTruthy();
    expect(stub.sent('GET /public/plan_category').map((r) => r.headers['accept-language'])).toEqual(['en', 'es']);
  });

  it('is busy while the catalogue loads', () => {
    renderAt('/plan/paygo');
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});

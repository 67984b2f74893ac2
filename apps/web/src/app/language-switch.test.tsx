import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyContracts } from '../test/lazy-contracts';
import { createMemoryRouter } from 'react-router';
import { cartStore } from '../features/cart/cart-store';
import { checkoutStore } from '../features/checkout/checkout-store';
import { resetLocaleForTests } from '../lib/intl/locale-store';
import { apiStub } from '../test/api-stub';
import { PLAN_ID, PRICE_ID, quote } from '../test/checkout-fixtures';
import { englishMessages } from '../test/messages';
import { publicDetailsFixture, testQueryClient } from '../test/render';
import { App } from './app';
import { routes } from './route-table';

beforeAll(loadLazyContracts);

// The whole app (route table, layout, lazy checkout page) with typing: slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
  checkoutStore.clear();
});

describe('switching language in the middle of the checkout', () => {
  it('keeps the cart, the filled form and the page; only the words change', async () => {
    resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
    const stub = apiStub({
      'GET /public/service_provider/public_details': publicDetailsFixture,
      'GET /public/plan_category': [],
      'POST /public/sim/purchase/price': quote('physical'),
    });
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
    cartStore.add({ _type: 'plan', planId: PLAN_ID, priceId: PRICE_ID, categoryId: 'cat-1', quantity: 2 });
    const router = createMemoryRouter(routes, { initialEntries: ['/checkout'] });
    render(<App router={router} queryClient={testQueryClient()} />);

    const user = userEvent.setup();
    // The lazy page and the catalogue chunks load first (slowly on a busy machine).
    await screen.findByRole('heading', { name: 'Shipping address' }, { timeout: 15_000 });
    const filled = { Email: 'visitor@example.com', 'First name': 'Amira', 'Last name': 'Haddad', Address: '350 Fifth Avenue' };
    for (const [label, value] of Object.entries(filled)) await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('radio', { name: /standard/i }));

    // Through the header's selector, as a visitor does it.
    const header = document.querySelector<HTMLElement>('.site-header__inner')!;
    await user.click(within(header).getByRole('button', { name: 'Language: English' }));
    await user.click(await within(header).findByRole('option', { name: /^Español/ }));

    await screen.findByRole('heading', { name: 'Dirección de envío' }, { timeout: 15_000 });
    expect(document.documentElement.lang).toBe('es');
    expect(router.state.location.pathname).toBe('/checkout');
    const spanish = { 'Correo electrónico': filled.Email, Nombre: filled['First name'], Apellido: filled['Last name'], Dirección: filled.Address };
    for (const [label, value] of Object.entries(spanish)) expect((screen.getByLabelText(label) as HTMLInputElement).value, label).toBe(value);
    expect((screen.getByRole('radio', { name: /standard/i }) as HTMLInputElement).checked).toBe(true);
    expect(cartStore.getState().items).toEqual([{ _type: 'plan', planId: PLAN_ID, priceId: PRICE_ID, categoryId: 'cat-1', quantity: 2 }]);
    await waitFor(() => expect(within(header).getByRole('button', { name: 'Idioma: español' })).toBeTruthy());
  });
});

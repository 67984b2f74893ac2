import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@app/shared/contracts/profile';
import { englishMessages } from '../../../lib/intl/load-messages';
import { resetLocaleForTests } from '../../../lib/intl/locale-store';
import { getSession, logout, setToken } from '../../../lib/session';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import MyProfilePage from './my-profile-page';

const profile: Profile = {
  id: '6a1f5a39-3f5e-4a5b-9a51-2b8a0f0b6a11',
  email: 'ana@example.com',
  emailVerified: true,
  hasPassword: true,
  firstName: 'Ana',
  lastName: 'García',
  phone: '+16465550142',
  country: 'US',
  balance: 1250,
  whenBelow: null,
  topUpAmount: null,
  balanceThreshold: 500,
  birthDate: null,
  birthDateParts: null,
  shippingAddress1: null,
  shippingAddress2: null,
  city: null,
  state: null,
  zipcode: null,
  autoRenewPaymentMethodId: null,
  autoTopUpPaymentMethodId: null,
  autoExtendPaymentMethodId: null,
  locale: 'en',
  resellerCode: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};

type Answer = { status?: number; body: unknown };
let calls: { method: string; path: string; body: unknown }[];

function serve(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      const all: Record<string, Answer | ((body: unknown) => Answer)> = {
        'GET /public/service_provider/public_details': { body: publicDetailsFixture },
        'GET /subscriber/profile': { body: profile },
        ...answers,
      };
      const found = all[`${method} ${url.pathname}`];
      const answer = typeof found === 'function' ? found(body) : found;
      if (!answer) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderPage(path = '/dashboard/my-profile') {
  return renderRoutes(
    [
      { path: '/dashboard/my-profile', element: <MyProfilePage /> },
      { path: '/success-delete-account', element: <h1>Goodbye</h1> },
    ],
    path,
  );
}

beforeEach(() => {
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
  setToken(`e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`, { remember: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  logout();
});

describe('My Profile — Payment tab', () => {
  it('shows the balance, automatic payments off and the empty card list', async () => {
    serve({});
    renderPage();
    expect((await screen.findByTestId('profile-balance')).textContent).toBe('$12.50');
    const automatic = screen.getByRole('region', { name: 'Automatic payments' });
    expect(within(automatic).getAllByText('Off')).toHaveLength(3);
    expect(screen.getByText('No saved cards yet')).toBeTruthy();
    expect((screen.getByLabelText('Alert me when my balance is below') as HTMLInputElement).value).toBe('5.00');
  });

  it('saves amounts as cents and explains the server’s limits in money', async () => {
    serve({ 'PATCH /subscriber/profile': (body) => ({ body: { ...profile, ...(body as object) } }) });
    const user = userEvent.setup();
    renderPage();
    const amount = await screen.findByLabelText('Top-up amount');
    await user.type(amount, '0,50');
    await user.click(within(screen.getByRole('region', { name: 'Top-up and balance alerts' })).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Min $1')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(screen.getByLabelText('Top up when my balance is below'), '2.5');
    await user.click(within(screen.getByRole('region', { name: 'Top-up and balance alerts' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ whenBelow: 250, topUpAmount: 2000, balanceThreshold: 500 }));
  });
});

describe('My Profile — Security tab', () => {
  it('deletes the account only with the right password, then signs out and says goodbye', async () => {
    serve({
      'POST /subscriber/delete_account': (body) =>
        (body as { password: string }).password === 'right-password'
          ? { body: { message: 'Your account has been deleted.' } }
          : { status: 401, body: { message: 'The password is incorrect.', code: 'INCORRECT_CREDENTIALS', errors: [{ field: 'password', message: 'The password is incorrect.' }] } },
    });
    const user = userEvent.setup();
    const { router } = renderPage('/dashboard/my-profile?tab=security');
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Your password', { selector: 'input' });
    expect(document.activeElement).toBe(password);

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is a required field')).toBeTruthy();

    await user.type(password, 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
    expect(getSession().isAuth).toBe(true);

    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Goodbye' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/success-delete-account');
    expect(getSession().isAuth).toBe(false);
  });

  it('changes the password and reports a wrong current one on its field', async () => {
    serve({
      'POST /subscriber/change_password': (body) =>
        (body as { currentPassword: string }).currentPassword === 'Old-pass-123'
          ? { body: { message: 'Your password has been changed.' } }
          : { status: 401, body: { message: 'The password is incorrect.', code: 'INCORRECT_CREDENTIALS', errors: [{ field: 'currentPassword', message: 'The password is incorrect.' }] } },
    });
    const user = userEvent.setup();
    renderPage('/dashboard/my-profile?tab=security');
    const current = await screen.findByLabelText('Current password', { selector: 'input' });
    await user.type(current, 'Not-the-one-1');
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'New-pass-4567');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'New-pass-4567');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is incorrect.')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(getSession().isAuth).toBe(true);
  });
});

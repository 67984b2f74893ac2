import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishMessages } from '../../../test/messages';
import { resetLocaleForTests } from '../../../lib/intl/locale-store';
import { logout } from '../../../lib/session';
import { publicDetailsFixture, renderRoutes } from '../../../test/render';
import RegistrationPage from './registration-page';

type Call = { method: string; path: string; body: unknown };

function api(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const all: Record<string, { status?: number; body: unknown }> = { 'GET /public/service_provider/public_details': { body: publicDetailsFixture }, ...answers };
    const answer = all[`${method} ${url.pathname}`];
    if (!answer) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/auth/registration', element: <RegistrationPage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    '/auth/registration',
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input' });

beforeEach(() => {
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  logout();
});

describe('registration form', () => {
  it('validates on the client with the shared schema, focuses the first invalid field and sends nothing', async () => {
    const calls = api({});
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name is a required field')).toBeTruthy();
    for (const text of ['Last name is a required field', 'Email is a required field', 'Phone is a required field', 'Password is a required field', 'Confirm password is a required field']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const first = field('First name');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const describedBy = first.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0]!)?.textContent).toBe('First name is a required field');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks e-mail, password strength and the confirmation like the server does', async () => {
    const calls = api({});
    const user = userEvent.setup();
    renderPage();
    await user.type(field('Email'), 'not-an-address');
    await user.type(field('Password'), 'password');
    await user.type(field('Confirm password'), 'passwort');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('This password is too common. Please choose a less common one.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('writes the calling code for the person and turns other digit scripts into ASCII', async () => {
    api({});
    const user = userEvent.setup();
    renderPage();
    const phone = field('Phone');
    await user.click(phone);
    expect((phone as HTMLInputElement).value).toBe('+1');
    await user.type(phone, '６４６ ٥٥٥ ۰۱۴۲');
    expect((phone as HTMLInputElement).value).toBe('+16465550142');
    await user.clear(phone);
    await user.type(phone, '44 20 7946 0958');
    expect((phone as HTMLInputElement).value).toBe('+442079460958');
    expect((screen.getByLabelText('Country calling code') as HTMLSelectElement).value).toBe('GB');
  });

  it('sends the normalised values with language and partner code, then asks for the e-mailed code', async () => {
    localStorage.setItem('resellerCode', 'PARTNER1');
    const calls = api({
      'POST /public/auth/register': { status: 201, body: { message: 'ok', email: 'ana@example.com', resendAfter: 60 } },
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(field('First name'), ' Ana ');
    await user.type(field('Last name'), 'García');
    await user.type(field('Email'), 'Ana@Example.com');
    await user.click(field('Phone'));
    await user.type(field('Phone'), '6465550142');
    await user.type(field('Password'), 'Tr0ub4dor&3x');
    await user.type(field('Confirm password'), 'Tr0ub4dor&3x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Verify your e-mail address' })).toBeTruthy();
    const register = calls.find((c) => c.path === '/public/auth/register');
    expect(register?.body).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      phone: '+16465550142',
      password: 'Tr0ub4dor&3x',
      confirmPassword: 'Tr0ub4dor&3x',
      locale: 'en',
      resellerCode: 'PARTNER1',
    });
    expect(screen.getByRole('button', { name: 'Send again in 60 s' }).hasAttribute('disabled')).toBe(true);
    // Read out politely once at the start, not at every tick.
    expect(screen.getByTestId('resend-announcement').textContent).toBe('You can ask for a new code in 60 seconds.');
    expect(screen.getByTestId('resend-announcement').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByLabelText('Verification code').getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('comes back to the code screen after a reload, and sends the verified person to log in', async () => {
    const calls = api({
      'POST /public/auth/register': { status: 201, body: { message: 'ok', email: 'ana@example.com', resendAfter: 60 } },
      'POST /public/auth/verify/123456': { body: { message: 'verified', email: 'ana@example.com' } },
    });
    const user = userEvent.setup();
    const first = renderPage();
    await user.type(field('First name'), 'Ana');
    await user.type(field('Last name'), 'García');
    await user.type(field('Email'), 'ana@example.com');
    await user.click(field('Phone'));
    await user.type(field('Phone'), '6465550142');
    await user.type(field('Password'), 'Tr0ub4dor&3x');
    await user.type(field('Confirm password'), 'Tr0ub4dor&3x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail address' })).toBeTruthy();
    expect(JSON.stringify(sessionStorage)).not.toContain('Tr0ub4dor'); // the password never reaches storage

    first.unmount(); // a reload: memory is gone, the tab's sessionStorage stays
    renderRoutes(
      [
        { path: '/auth/registration', element: <RegistrationPage /> },
        { path: '/auth/login', element: <p>login page</p> },
      ],
      '/auth/registration',
    );
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail address' })).toBeTruthy();
    expect(screen.getByText('ana@example.com', { exact: false })).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: /verify/i }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls.some((c) => c.path === '/public/auth/login')).toBe(false);
    expect(sessionStorage.getItem('pendingVerification')).toBeNull();
  });

  it('puts a taken address on the e-mail field, in the catalogue’s words for the code', async () => {
    api({
      'POST /public/auth/register': {
        status: 409,
        body: { message: 'Server wording: that e-mail is taken', code: 'SUBSCRIBER_ALREADY_EXISTS' },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(field('First name'), 'Ana');
    await user.type(field('Last name'), 'García');
    await user.type(field('Email'), 'ana@example.com');
    await user.click(field('Phone'));
    await user.type(field('Phone'), '6465550142');
    await user.type(field('Password'), 'Tr0ub4dor&3x');
    await user.type(field('Confirm password'), 'Tr0ub4dor&3x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A subscriber with that email already exists. Please use another email address.')).toBeTruthy();
    expect(screen.queryByText(/Server wording/)).toBeNull();
    expect(document.activeElement).toBe(field('Email'));
  });
});

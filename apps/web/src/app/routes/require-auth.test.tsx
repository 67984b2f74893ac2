import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../features/auth/pages/login-page';
import { englishMessages } from '../../test/messages';
import { resetLocaleForTests } from '../../lib/intl/locale-store';
import { getSession, logout } from '../../lib/session';
import { registerToastDisplay, type ToastRequest } from '../../lib/toast';
import { publicDetailsFixture, renderRoutes } from '../../test/render';
import RequireAuth from './require-auth';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = (days: number) => `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + days * 86400 })}.sig`;

type Answer = { status?: number; body: unknown };
let calls: { path: string; body: unknown }[];
let toasts: ToastRequest[];

function serve(answers: Record<string, Answer | (() => Answer)>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const all: Record<string, Answer | (() => Answer)> = {
        '/public/service_provider/public_details': { body: publicDetailsFixture },
        '/public/auth/social/providers': { body: [] },
        ...answers,
      };
      const found = all[url.pathname];
      const answer = typeof found === 'function' ? found() : found;
      if (!answer) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderApp(path: string) {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: <h1>My Account</h1> },
          { path: '/dashboard/sim', element: <h1>My SIMs</h1> },
        ],
      },
    ],
    path,
  );
}

async function fillLogin(stay = false) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Tr0ub4dor&3x');
  if (stay) await user.click(screen.getByLabelText('Stay signed in'));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

const loginAnswer = (stay: boolean): Answer => ({
  body: {
    token: token(stay ? 24 : 0.5),
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    stayLoggedIn: stay,
    subscriber: { id: '6a1f5a39-3f5e-4a5b-9a51-2b8a0f0b6a11', email: 'ana@example.com', firstName: 'Ana', lastName: 'García' },
  },
});

beforeEach(() => {
  resetLocaleForTests({ locale: 'en', messages: englishMessages, loading: false });
  toasts = [];
  registerToastDisplay((request) => toasts.push(request));
});
afterEach(() => {
  registerToastDisplay(null);
  vi.unstubAllGlobals();
  logout();
});

describe('login-required pages', () => {
  it('send a visitor to the login page and back to where they were after signing in', async () => {
    serve({ '/public/auth/login': loginAnswer(false) });
    const { router } = renderApp('/dashboard/sim');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');

    await fillLogin();
    expect(await screen.findByRole('heading', { name: 'My SIMs' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/sim');
    expect(calls.find((c) => c.path === '/public/auth/login')?.body).toEqual({ email: 'ana@example.com', password: 'Tr0ub4dor&3x', stayLoggedIn: false });
    expect(sessionStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keep a ‘stay signed in’ session in localStorage and open the dashboard by default', async () => {
    serve({ '/public/auth/login': loginAnswer(true) });
    const { router } = renderApp('/auth/login');
    await fillLogin(true);
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('ignore a return path that leaves the site', async () => {
    serve({ '/public/auth/login': loginAnswer(false) });
    const { router } = renderApp('/auth/login?redirect=%2F%2Fevil.example%2F');
    await fillLogin();
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('login failures', () => {
  it('wrong password: a translated error, still signed out', async () => {
    serve({ '/public/auth/login': { status: 401, body: { message: 'Incorrect e-mail or password.', code: 'INCORRECT_CREDENTIALS' } } });
    renderApp('/auth/login');
    await fillLogin();
    await vi.waitFor(() => expect(toasts).toEqual([{ variant: 'error', message: { id: 'auth.login.incorrect' } }]));
    expect(getSession().isAuth).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Password', { selector: 'input' }));
  });

  it('unverified address: the code screen, then signed in with the same details', async () => {
    let verified = false;
    serve({
      '/public/auth/login': () =>
        verified ? loginAnswer(false) : { status: 403, body: { message: 'Your e-mail address is not verified yet.', code: 'EMAIL_NOT_VERIFIED' } },
      '/public/auth/verify/123456': () => {
        verified = true;
        return { body: { message: 'ok', email: 'ana@example.com' } };
      },
    });
    const { router } = renderApp('/dashboard/sim');
    await fillLogin();
    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByRole('button', { name: 'Send the code again' }).hasAttribute('disabled')).toBe(false);
    const user = userEvent.setup();
    await user.type(code, '１２３ ４５６');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByRole('heading', { name: 'My SIMs' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/sim');
    expect(calls.find((c) => c.path === '/public/auth/verify/123456')?.body).toEqual({ email: 'ana@example.com' });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { error, type StubHandler } from '../../../test/api-stub';
import { renderSignedIn } from '../../../test/render';
import { subscriberFixture } from '../../../test/session-fixtures';
import MyProfilePage from './my-profile-page';

const profile = subscriberFixture({ balanceThreshold: 500 });

/** The profile page as Ana sees it, with the API answering `api` over the defaults. */
function renderPage(route: string, api: Record<string, StubHandler | object> = {}) {
  return renderSignedIn(<MyProfilePage />, {
    route,
    path: '/dashboard/my-profile',
    routes: [{ path: '/success-delete-account', element: <h1>Goodbye</h1> }],
    subscriber: profile,
    api,
  });
}

describe('My Profile — Payment tab', () => {
  it('shows the balance, automatic payments off and the empty card list', async () => {
    renderPage('/dashboard/my-profile');
    expect((await screen.findByTestId('profile-balance')).textContent).toBe('$12.50');
    const automatic = screen.getByRole('region', { name: 'Automatic payments' });
    expect(within(automatic).getAllByText('Off')).toHaveLength(3);
    expect(screen.getByText('No saved cards yet')).toBeTruthy();
    expect((screen.getByLabelText('Alert me when my balance is below') as HTMLInputElement).value).toBe('5.00');
  });

  it('saves amounts as cents and explains the server’s limits in money', async () => {
    const { sent } = renderPage('/dashboard/my-profile', { 'PATCH /subscriber/profile': (req) => ({ ...profile, ...(req.body as object) }) });
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Top-up amount');
    await user.type(amount, '0,50');
    await user.click(within(screen.getByRole('region', { name: 'Top-up and balance alerts' })).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Min $1')).toBeTruthy();
    expect(sent('PATCH /subscriber/profile')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(screen.getByLabelText('Top up when my balance is below'), '2.5');
    await user.click(within(screen.getByRole('region', { name: 'Top-up and balance alerts' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('PATCH /subscriber/profile')[0]?.body).toEqual({ whenBelow: 250, topUpAmount: 2000, balanceThreshold: 500 }));
  });
});

describe('My Profile — auto top-up of minutes, texts and data', () => {
  it('saves the quota thresholds as whole numbers on their own, empty meaning off, and says when no card is chosen', async () => {
    const { sent } = renderPage('/dashboard/my-profile', { 'PATCH /subscriber/profile': (req) => ({ ...profile, ...(req.body as object) }) });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Auto top-up of minutes, texts and data' });
    expect(within(section).getByTestId('quota-no-card').textContent).toContain('No card is chosen for auto top-up yet');
    await user.type(within(section).getByLabelText('Minutes below'), '2.5');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByText('Must be a number')).toBeTruthy();
    expect(sent('PATCH /subscriber/profile')).toHaveLength(0);

    await user.clear(within(section).getByLabelText('Minutes below'));
    await user.type(within(section).getByLabelText('Minutes below'), '20');
    await user.type(within(section).getByLabelText('Data below (MB)'), '512');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('PATCH /subscriber/profile')[0]?.body).toEqual({ callBelow: 20, smsBelow: null, dataBelow: 512 }));
    expect((within(section).getByLabelText('Data below (MB)') as HTMLInputElement).value).toBe('512');
  });
});

describe('My Profile — Security tab', () => {
  it('deletes the account only with the right password, then signs out and says goodbye', async () => {
    const { router } = renderPage('/dashboard/my-profile?tab=security', {
      'POST /subscriber/delete_account': (req) =>
        (req.body as { password: string }).password === 'right-password'
          ? { message: 'Your account has been deleted.' }
          : error(401, 'INCORRECT_CREDENTIALS', 'The password is incorrect.', { errors: [{ field: 'password', message: 'The password is incorrect.' }] }),
    });
    const user = userEvent.setup();
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
    renderPage('/dashboard/my-profile?tab=security', {
      'POST /subscriber/change_password': (req) =>
        (req.body as { currentPassword: string }).currentPassword === 'Old-pass-123'
          ? { message: 'Your password has been changed.' }
          : error(401, 'INCORRECT_CREDENTIALS', 'The password is incorrect.', { errors: [{ field: 'currentPassword', message: 'The password is incorrect.' }] }),
    });
    const user = userEvent.setup();
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

import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { notify, TOAST_OPTIONS, toastId } from './toast';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  it('use the spec options', () => {
    expect(TOAST_OPTIONS).toEqual({
      position: 'top-center',
      autoClose: 3000,
      hideProgressBar: true,
      icon: false,
      draggable: false,
      closeOnClick: false,
      role: 'status',
    });
  });

  it('key a toast by its message so duplicates collapse', () => {
    expect(toastId({ id: 'error.network' })).toBe(toastId({ id: 'error.network' }));
    expect(toastId({ id: 'cart.added', values: { name: 'A' } })).not.toBe(toastId({ id: 'cart.added', values: { name: 'B' } }));
  });

  it('queue until the container has loaded, then show titled, de-duplicated toasts', async () => {
    notify.error({ id: 'error.PAYMENT_DECLINED' });
    notify.error({ id: 'error.PAYMENT_DECLINED' });
    notify.success({ id: 'cart.added', values: { name: 'PayGo Plus' } });
    notify.info({ id: 'auth.registration.codeSent' });
    renderWithProviders(<ToastHost />);
    expect(await screen.findByText('Your payment was declined. Please try another card or payment method.')).toBeTruthy();
    expect(screen.getAllByText('Your payment was declined. Please try another card or payment method.')).toHaveLength(1);
    expect(screen.getByText('Error')).toBeTruthy();
    expect(await screen.findByText('PayGo Plus added to your cart')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    // Info toasts carry no title (the spec titles only success, error and warning).
    expect(await screen.findByText(/Check your e-mail for a verification code/)).toBeTruthy();
    expect(screen.queryByText('Info')).toBeNull();

    await act(async () => notify.error({ id: 'error.PAYMENT_DECLINED' }));
    expect(screen.getAllByText('Your payment was declined. Please try another card or payment method.')).toHaveLength(1);
  });
});

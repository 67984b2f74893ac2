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
    expect(toastId('Same')).toBe('Same');
    expect(toastId({ id: 'cart.added', values: { name: 'A' } })).not.toBe(toastId({ id: 'cart.added', values: { name: 'B' } }));
  });

  it('queue until the container has loaded, then show titled, de-duplicated toasts', async () => {
    notify.error('Payment failed');
    notify.error('Payment failed');
    notify.success({ id: 'cart.added', values: { name: 'PayGo Plus' } });
    notify.info('Heads up');
    renderWithProviders(<ToastHost />);
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    expect(screen.getAllByText('Payment failed')).toHaveLength(1);
    expect(screen.getByText('Error')).toBeTruthy();
    expect(await screen.findByText('PayGo Plus added to your cart')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    // Info toasts carry no title (the spec titles only success, error and warning).
    expect(await screen.findByText('Heads up')).toBeTruthy();
    expect(screen.queryByText('Info')).toBeNull();

    await act(async () => notify.error('Payment failed'));
    expect(screen.getAllByText('Payment failed')).toHaveLength(1);
  });
});

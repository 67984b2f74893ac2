import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { payPalReturnUrls, readPayPalReturn } from '../paypal-return';
import { PayPalButton } from './paypal-button';

describe('PayPalButton', () => {
  it('starts the payment once and sends the browser to the approval link', async () => {
    let resolve!: (url: string) => void;
    const onStart = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const navigate = vi.fn();
    renderWithProviders(<PayPalButton onStart={onStart} navigate={navigate} />);
    const button = screen.getByRole('button', { name: 'Pay with PayPal' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Taking you to PayPal…' })).toHaveProperty('disabled', true);
    await act(async () => resolve('https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T'));
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T');
  });

  it('says it could not start and lets the customer try again', async () => {
    const onStart = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce('https://www.paypal.com/checkoutnow?token=X');
    const navigate = vi.fn();
    renderWithProviders(<PayPalButton onStart={onStart} navigate={navigate} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' })));
    expect(screen.getByRole('alert').textContent).toContain('PayPal could not be started');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' })));
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('PayPal return URLs', () => {
  it('builds return and cancel URLs and reads what PayPal sends back', () => {
    const urls = payPalReturnUrls('https://shop.example', '/payment?order=abc');
    expect(urls).toEqual({ returnUrl: 'https://shop.example/payment?order=abc&paypal=return', cancelUrl: 'https://shop.example/payment?order=abc&paypal=cancel' });
    expect(readPayPalReturn('?order=abc&paypal=return&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ')).toEqual({
      kind: 'approved',
      orderId: '5O190127TN364715T',
      payerId: 'QYR5Z8XDVJNXQ',
    });
    expect(readPayPalReturn('?paypal=cancel&token=5O190127TN364715T')).toEqual({ kind: 'canceled', orderId: '5O190127TN364715T' });
    expect(readPayPalReturn('?order=abc')).toBeUndefined();
    expect(readPayPalReturn('?paypal=return')).toBeUndefined();
  });
});

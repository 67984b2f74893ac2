import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CryptoPaymentPanel, paymentUri, secondsLeft, type CryptoStatus } from './crypto-payment-panel';

const action = (over: Partial<Parameters<typeof CryptoPaymentPanel>[0]['action']> = {}) => ({
  address: 'bc1qexampleaddress0000000000000000000000',
  amount: '0.00050000',
  coin: 'BTC',
  expiresAt: new Date(Date.now() + 65 * 60_000).toISOString(),
  qrUrl: 'https://www.coinpayments.net/qrgen.php?id=CP1',
  statusUrl: 'https://www.coinpayments.net/index.php?cmd=status&id=CP1',
  ...over,
});

describe('CryptoPaymentPanel', () => {
  it('shows the address, exact amount, a QR code drawn locally and the time left', async () => {
    renderWithProviders(<CryptoPaymentPanel action={action()} fiatAmount="$50" poll={vi.fn(async () => 'requires_action' as const)} pollMs={60_000} />);
    expect(screen.getByRole('heading', { name: 'Send 0.00050000 BTC' })).toBeTruthy();
    expect(screen.getByText('Order total: $50')).toBeTruthy();
    expect(screen.getByText('bc1qexampleaddress0000000000000000000000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByText(/^1:0[45]:\d\d$/)).toBeTruthy();
    expect(screen.getByText('65 minutes left to pay')).toBeTruthy();
    const qr = await screen.findByRole('img', { name: /QR code with the BTC address/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('status').textContent).toContain('Waiting for your coins');
    expect(screen.getByRole('link', { name: /Follow this payment on CoinPayments/ }).getAttribute('href')).toBe(action().statusUrl);
  });

  it('polls until the payment settles and reports it once', async () => {
    const answers: CryptoStatus[] = ['pending', 'pending', 'succeeded'];
    const poll = vi.fn(async () => answers.shift() ?? 'succeeded');
    const onSettled = vi.fn();
    renderWithProviders(<CryptoPaymentPanel action={action()} poll={poll} pollMs={10} onSettled={onSettled} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('We see your payment'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Paid. Thank you!'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith('succeeded');
    expect(poll).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('bc1qexampleaddress0000000000000000000000')).toBeNull();
  });

  it('keeps polling through a failed check, and an expired address stops everything', async () => {
    const poll = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('failed');
    const onSettled = vi.fn();
    renderWithProviders(<CryptoPaymentPanel action={action()} poll={poll} pollMs={10} onSettled={onSettled} />);
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith('failed'));
    expect(screen.getByRole('status').textContent).toContain('did not go through');

    const expiredPoll = vi.fn(async () => 'requires_action' as const);
    const expiredSettled = vi.fn();
    renderWithProviders(<CryptoPaymentPanel action={action({ expiresAt: new Date(Date.now() - 1000).toISOString() })} poll={expiredPoll} pollMs={10} onSettled={expiredSettled} />);
    await waitFor(() => expect(expiredSettled).toHaveBeenCalledWith('expired'));
    expect(screen.getAllByRole('status').at(-1)?.textContent).toContain('The time to pay has run out');
    await new Promise((r) => setTimeout(r, 40));
    expect(expiredPoll).not.toHaveBeenCalled();
  });

  it('builds wallet URIs and counts down', () => {
    expect(paymentUri({ coin: 'BTC', address: 'bc1q', amount: '0.1' })).toBe('bitcoin:bc1q?amount=0.1');
    expect(paymentUri({ coin: 'ETH', address: '0xabc', amount: '1' })).toBe('0xabc');
    expect(secondsLeft('2026-01-01T00:01:00Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(60);
    expect(secondsLeft('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:01:00Z'))).toBe(0);
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { StripeLike } from '../stripe/stripe-loader';
import { confirmStripeAction, StripeCardForm } from './stripe-card-form';

/**
 * A double of Stripe.js (the third party, which cannot load here): an Element that mounts into the
 * div and reports `change` events the way Stripe's iframe does, and createPaymentMethod answering
 * as the test says.
 */
function fakeStripe(answer: () => Promise<Awaited<ReturnType<StripeLike['createPaymentMethod']>>>) {
  let changed: ((e: { complete: boolean; error?: { message: string } }) => void) | undefined;
  const mounted: HTMLElement[] = [];
  const destroyed = vi.fn();
  const createPaymentMethod = vi.fn(answer);
  const stripe = {
    elements: vi.fn(() => ({
      create: () => ({
        mount: (el: HTMLElement) => mounted.push(el),
        destroy: destroyed,
        focus: vi.fn(),
        on: (event: string, handler: never) => {
          if (event === 'change') changed = handler;
        },
      }),
    })),
    createPaymentMethod,
    handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
  } as unknown as StripeLike;
  return {
    stripe,
    mounted,
    destroyed,
    createPaymentMethod,
    type: (complete: boolean, message?: string) => act(() => changed?.({ complete, ...(message && { error: { message } }) })),
  };
}

describe('StripeCardForm', () => {
  it('mounts the card element, enables pay only for a complete card, and hands over the PaymentMethod id once', async () => {
    let release!: () => void;
    const f = fakeStripe(() => new Promise((resolve) => (release = () => resolve({ paymentMethod: { id: 'pm_123' } }))));
    const onToken = vi.fn();
    const { unmount } = renderWithProviders(<StripeCardForm publishableKey="pk_test_1" onToken={onToken} submitLabel="Pay $25.99" loadStripe={async () => f.stripe} />);
    const button = screen.getByRole('button', { name: 'Pay $25.99' });
    await waitFor(() => expect(f.mounted).toHaveLength(1));
    expect(f.mounted[0]!.id).toBe('stripe-card-element');
    expect(button).toHaveProperty('disabled', true);

    f.type(false, 'Your card number is incomplete.');
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
    f.type(true);
    expect(button).toHaveProperty('disabled', false);

    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Processing…' })).toHaveProperty('disabled', true);
    await act(async () => release());
    expect(onToken).toHaveBeenCalledTimes(1);
    expect(onToken).toHaveBeenCalledWith('pm_123');
    expect(f.createPaymentMethod).toHaveBeenCalledTimes(1);
    unmount();
    expect(f.destroyed).toHaveBeenCalled();
  });

  it("shows Stripe's words when the card is refused and does not call onToken", async () => {
    const f = fakeStripe(async () => ({ error: { message: 'Your card has expired.', code: 'expired_card' } }));
    const onToken = vi.fn();
    renderWithProviders(<StripeCardForm publishableKey="pk_test_1" onToken={onToken} submitLabel="Pay" loadStripe={async () => f.stripe} />);
    await waitFor(() => expect(f.mounted).toHaveLength(1));
    f.type(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Your card has expired.')).toBeTruthy();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('says so in plain words when Stripe.js cannot load (offline, blocked)', async () => {
    renderWithProviders(<StripeCardForm publishableKey="pk_test_1" onToken={vi.fn()} submitLabel="Pay" loadStripe={() => Promise.reject(new Error('offline'))} />);
    expect(await screen.findByText(/The card form could not load/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
  });

  it('confirmStripeAction runs Stripe.js next action (3-D Secure) and reports the outcome', async () => {
    const f = fakeStripe(async () => ({}));
    expect(await confirmStripeAction('pk', 'pi_1_secret_2', async () => f.stripe)).toEqual({ ok: true });
    (f.stripe.handleNextAction as ReturnType<typeof vi.fn>).mockResolvedValueOnce({ error: { code: 'payment_intent_authentication_failure' } });
    expect(await confirmStripeAction('pk', 'pi_1_secret_2', async () => f.stripe)).toEqual({ ok: false, code: 'payment_intent_authentication_failure' });
    expect(await confirmStripeAction('pk', 'x', async () => null)).toEqual({ ok: false, code: 'stripe_unavailable' });
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { CheckoutErrorNotice, soldOutReason } from './checkout-error-notice';

const SERVER_WORDING = 'Server wording that the page must not show';
const failure = (code: string | undefined, status = 409, body?: object) => new ApiError(SERVER_WORDING, { status, kind: 'http', code, body });

describe('CheckoutErrorNotice', () => {
  it.each([
    ['en', 'This order can no longer be paid.'],
    ['es', 'Este pedido ya no se puede pagar.'],
    ['fr', 'Cette commande ne peut plus être payée.'],
  ] as const)('shows the %s catalogue text for the code, not the server message', (locale, text) => {
    renderWithProviders(<CheckoutErrorNotice error={failure('ORDER_NOT_PAYABLE')} />, { locale });
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toBe(text);
    expect(notice.getAttribute('data-code')).toBe('ORDER_NOT_PAYABLE');
    expect(screen.queryByText(SERVER_WORDING)).toBeNull();
  });

  it('keeps the checkout’s own wording where it has one', () => {
    renderWithProviders(<CheckoutErrorNotice error={failure('ORDER_NOT_FOUND', 404)} />);
    expect(screen.getByRole('alert').textContent).toBe('We could not find this order. Start again from your cart.');
  });

  it('says which kind of SIM is sold out and what to choose instead, when the inventory refused the order', () => {
    const soldOut = failure('CART_NOT_SELLABLE', 409, { code: 'CART_NOT_SELLABLE', message: SERVER_WORDING, reason: 'esim_sold_out' });
    expect(soldOutReason(soldOut)).toBe('esim_sold_out');
    renderWithProviders(<CheckoutErrorNotice code={soldOutReason(soldOut)} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'eSIMs are sold out for the moment. Choose a plan with a physical SIM card instead, or try again later.',
    );
    // At payment too; any other reason, or another code, is not a sold-out.
    expect(soldOutReason(failure('ORDER_NOT_PAYABLE', 409, { reason: 'sim_card_sold_out' }))).toBe('sim_card_sold_out');
    expect(soldOutReason(failure('ORDER_NOT_PAYABLE', 409, { reason: 'toString' }))).toBeUndefined();
    expect(soldOutReason(failure('PAYMENT_DECLINED', 402, { reason: 'esim_sold_out' }))).toBeUndefined();
    expect(soldOutReason(failure('CART_NOT_SELLABLE'))).toBeUndefined();
  });

  it('says “Something went wrong” for a code this build does not know', () => {
    renderWithProviders(<CheckoutErrorNotice error={failure('A_CODE_FROM_THE_FUTURE')} />);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
    expect(screen.queryByText(SERVER_WORDING)).toBeNull();
  });
});

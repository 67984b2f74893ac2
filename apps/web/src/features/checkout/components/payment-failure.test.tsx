import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { PaymentFailure } from './payment-failure';

const show = (reason: string, locale?: string) =>
  renderRoutes([{ path: '*', element: <PaymentFailure reason={reason} onRetry={() => undefined} /> }], '/payment', locale ? { locale } : {});

describe('PaymentFailure', () => {
  it('says which kind of SIM ran out when the stock refused the payment (nothing is charged then)', async () => {
    show('esim_sold_out');
    const notice = await screen.findByTestId('payment-failure');
    expect(notice.textContent).toContain('eSIMs are sold out for the moment. Choose a plan with a physical SIM card instead, or try again later.');
    expect(notice.getAttribute('data-reason')).toBe('esim_sold_out');
  });

  it('keeps the payment wording for a decline, and a generic one for a reason it does not know', async () => {
    const first = show('card_declined');
    expect((await screen.findByTestId('payment-failure')).textContent).toContain('Your card was declined by your bank. Try another card, or contact your bank.');
    first.unmount();
    show('a_reason_from_the_future');
    expect((await screen.findByTestId('payment-failure')).textContent).toContain('Something went wrong with this payment. Nothing was charged');
  });
});

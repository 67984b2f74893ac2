import { describe, expect, it } from 'vitest';
import { purchaseRequestSchema } from './checkout.js';
import { paymentRequestSchema } from './payments.js';

const item = { _type: 'plan', quantity: 1, planId: 'p', priceId: 'q', categoryId: 'c' } as const;

describe('checkout contracts', () => {
  it('accepts a visitor purchase with an address and normalises the country', () => {
    const parsed = purchaseRequestSchema.parse({
      items: [item],
      expectedTotal: 1234,
      requestId: '7b0b6a4e-58a7-4a1e-9f0f-0b3a5f2c9d11',
      emailAddress: ' Buyer@Example.NET ',
      shippingAddress: {
        shippingFirstName: 'Ana',
        shippingLastName: 'Diaz',
        shippingPhoneNumber: '+1 646 555 0100',
        shippingAddress1: '1 Main St',
        shippingCity: 'Austin',
        shippingState: 'TX',
        shippingCountry: 'us',
        shippingZipcode: '73301',
      },
    });
    expect(parsed.emailAddress).toBe('buyer@example.net');
    expect(parsed.shippingAddress?.shippingCountry).toBe('US');
    expect(parsed.shippingAddress?.shippingAddress2).toBe('');
  });

  it('refuses an empty cart and a negative total', () => {
    expect(purchaseRequestSchema.safeParse({ items: [], expectedTotal: 1, requestId: '7b0b6a4e-58a7-4a1e-9f0f-0b3a5f2c9d11' }).success).toBe(false);
    expect(purchaseRequestSchema.safeParse({ items: [item], expectedTotal: -1, requestId: '7b0b6a4e-58a7-4a1e-9f0f-0b3a5f2c9d11' }).success).toBe(false);
  });

  it('needs a card token or a saved card for card payments', () => {
    const base = { orderId: '7b0b6a4e-58a7-4a1e-9f0f-0b3a5f2c9d11', gateway: 'sandbox', method: 'card', requestId: '8b0b6a4e-58a7-4a1e-9f0f-0b3a5f2c9d11' };
    const r = paymentRequestSchema.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Token is required');
    expect(paymentRequestSchema.safeParse({ ...base, cardToken: 'tok_sandbox_ok_1230_abcdefgh' }).success).toBe(true);
  });
});

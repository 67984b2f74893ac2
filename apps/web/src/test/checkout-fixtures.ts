import type { Quote } from '@app/shared/contracts/checkout';
import type { Order } from '@app/shared/contracts/orders';
import type { GatewayList, Payment, SavedCardInfo } from '@app/shared/contracts/payments';

/** Server answers shaped by the shared contracts, for the checkout pages' component tests. */
const ORDER_ID = '7d0c0a8e-7b59-4c1e-9a43-0d1f0f6e2a11';
export const ACCESS_TOKEN = 'ot_0123456789abcdefghijklmnop';

export const usRate = { id: '44444444-4444-4444-8444-444444444444', country: 'US', code: 'standard', name: 'Standard', minDays: 3, maxDays: 5, businessDays: true, price: 500 };
export const usExpress = { id: '55555555-5555-4555-8555-555555555555', country: 'US', code: 'express', name: 'Express', minDays: 1, maxDays: 2, businessDays: true, price: 1500 };

export function quote(kind: 'physical' | 'esim', overrides: Partial<Quote> = {}): Quote {
  const physical = kind === 'physical';
  return {
    lines: [
      {
        key: 'price-1',
        type: 'plan',
        name: physical ? 'PayGo SIM' : 'Tourist eSIM',
        planId: '11111111-1111-4111-8111-111111111111',
        priceId: '22222222-2222-4222-8222-222222222222',
        addonId: null,
        simId: null,
        sim: physical ? 'physical' : 'esim',
        periodDays: 30,
        unitPrice: 1000,
        quantity: 1,
        total: 1000,
      },
    ],
    subtotal: 1000,
    physicalSims: physical ? 1 : 0,
    esims: physical ? 0 : 1,
    simCardPrice: 100,
    simCards: physical ? 100 : 0,
    needsShipping: physical,
    shippingOptions: physical ? [usRate, usExpress] : [],
    shippingRate: physical ? usRate : null,
    shipping: physical ? 500 : 0,
    taxRateBps: 0,
    tax: 0,
    surchargeBps: 0,
    surcharge: 0,
    total: physical ? 1600 : 1000,
    currency: 'USD',
    sellable: true,
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    number: 'LW-7F3K9Q',
    kind: 'purchase',
    description: 'Tourist eSIM',
    status: 'pending',
    email: 'visitor@example.com',
    lines: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        type: 'plan',
        name: 'Tourist eSIM',
        planId: '11111111-1111-4111-8111-111111111111',
        priceId: '22222222-2222-4222-8222-222222222222',
        addonId: null,
        simId: null,
        sim: 'esim',
        periodDays: 30,
        unitPrice: 1000,
        quantity: 1,
        total: 1000,
        details: null,
        fulfilledAt: null,
      },
    ],
    subtotal: 1000,
    simCards: 0,
    shipping: 0,
    taxRateBps: 0,
    tax: 0,
    surchargeBps: 0,
    surcharge: 0,
    total: 1000,
    currency: 'USD',
    shippingAddress: null,
    shippingMethod: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    resellerCode: null,
    invoiceId: null,
    createdAt: '2026-11-23T12:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    canceledAt: null,
    refundedAt: null,
    canPay: true,
    canCancel: true,
    canChangeAddress: false,
    waitingForStock: false,
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '5f8e7a6b-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    orderId: ORDER_ID,
    gateway: 'sandbox',
    method: 'card',
    amount: 1000,
    currency: 'USD',
    type: 'debit',
    status: 'succeeded',
    outcome: 'success',
    description: 'Tourist eSIM',
    nextAction: null,
    failureCode: null,
    card: { brand: 'visa', last4: '4242' },
    createdAt: '2026-11-23T12:00:00.000Z',
    paidAt: '2026-11-23T12:00:01.000Z',
    orderStatus: 'paid',
    invoiceId: null,
    ...overrides,
  };
}

export const gateways = (ids: GatewayList['gateways'][number]['id'][] = ['sandbox']): GatewayList => ({
  currency: 'USD',
  gateways: ids.map((id) => ({
    id,
    methods: id === 'balance' ? ['balance'] : id === 'paypal' ? ['wallet'] : id === 'coinpayments' ? ['crypto'] : ['card'],
    publicSettings: {},
    savesCards: id === 'sandbox' || id === 'stripe',
  })),
});

export const PLAN_ID = '11111111-1111-4111-8111-111111111111';
export const PRICE_ID = '22222222-2222-4222-8222-222222222222';
export const EXPRESS_ID = '55555555-5555-4555-8555-555555555555';

/** A saved card as GET /subscriber/payment_method lists it (the sandbox gateway's, default, valid). */
export function savedCard(overrides: Partial<SavedCardInfo> = {}): SavedCardInfo {
  return {
    id: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    gateway: 'sandbox',
    brand: 'visa',
    last4: '4242',
    expiryMonth: 12,
    expiryYear: 2030,
    nameOnCard: null,
    isDefault: true,
    isExpired: false,
    autoRenew: false,
    autoExtend: false,
    autoTopUp: false,
    createdAt: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}

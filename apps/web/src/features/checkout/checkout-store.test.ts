import { afterEach, describe, expect, it } from 'vitest';
import { logout } from '../../lib/session';
import { EMPTY_CHECKOUT, checkoutStore, decodeOrder, encodeOrder } from './checkout-store';

afterEach(() => checkoutStore.clear());

describe('checkout store (order key, SPEC §9)', () => {
  it('keeps the order in progress as base64 of JSON under "order", UTF-8 names included', () => {
    checkoutStore.update({ email: 'zoë@example.com', gateway: 'sandbox', method: 'card' });
    const stored = localStorage.getItem('order')!;
    expect(JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(stored), (c) => c.charCodeAt(0))))).toMatchObject({
      email: 'zoë@example.com',
      gateway: 'sandbox',
    });
    expect(decodeOrder(stored)).toEqual(checkoutStore.getState());
    checkoutStore.reload();
    expect(checkoutStore.getState().email).toBe('zoë@example.com');
  });

  it('reads damaged or foreign values as no order instead of failing', () => {
    expect(decodeOrder('not base64 ###')).toEqual(EMPTY_CHECKOUT);
    expect(decodeOrder(btoa('[1,2'))).toEqual(EMPTY_CHECKOUT);
    expect(decodeOrder(encodeOrder({ ...EMPTY_CHECKOUT, email: 'a@b.co' })).email).toBe('a@b.co');
  });

  it('is forgotten at logout', () => {
    checkoutStore.update({ email: 'a@b.co' });
    logout();
    expect(checkoutStore.getState()).toEqual(EMPTY_CHECKOUT);
    expect(localStorage.getItem('order')).toBeNull();
  });
});

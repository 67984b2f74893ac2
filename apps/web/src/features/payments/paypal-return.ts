/** PayPal's redirect round trip, as plain functions checkout pages can use without loading the button. */

/** The return and cancel URLs to give the server for a PayPal payment started on `path`. */
export function payPalReturnUrls(origin: string, path: string): { returnUrl: string; cancelUrl: string } {
  const base = `${origin}${path}`;
  const join = base.includes('?') ? '&' : '?';
  return { returnUrl: `${base}${join}paypal=return`, cancelUrl: `${base}${join}paypal=cancel` };
}

export type PayPalReturn = { kind: 'approved'; orderId: string; payerId: string | undefined } | { kind: 'canceled'; orderId: string | undefined };

/** What PayPal sent the customer back with (`token` is PayPal's order id), or undefined on a normal visit. */
export function readPayPalReturn(search: string): PayPalReturn | undefined {
  const q = new URLSearchParams(search);
  const mark = q.get('paypal');
  const orderId = q.get('token') ?? undefined;
  if (mark === 'cancel') return { kind: 'canceled', orderId };
  if (mark === 'return' && orderId) return { kind: 'approved', orderId, payerId: q.get('PayerID') ?? undefined };
  return undefined;
}

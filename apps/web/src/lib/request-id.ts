import { useCallback, useRef } from 'react';

/**
 * A UUID v4 for idempotent requests. crypto.randomUUID needs a secure context; getRandomValues does
 * not, so a shop opened over plain http on a LAN address still gets a real random id.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: fall through.
    }
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One request id per body: the same body (a double click, a retry after a lost answer) is sent with
 * the same id, so the server answers the same order; a changed body gets a new one. For forms whose
 * attempt need not survive a reload (checkout keeps its own in the stored order).
 */
export function useRequestIdPerBody(): (body: unknown) => string {
  const last = useRef<{ key: string; id: string } | null>(null);
  return useCallback((body: unknown) => {
    const key = JSON.stringify(body);
    if (last.current?.key !== key) last.current = { key, id: newRequestId() };
    return last.current.id;
  }, []);
}

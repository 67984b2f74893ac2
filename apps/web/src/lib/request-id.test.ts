import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newRequestId, useRequestIdPerBody } from './request-id';

describe('request ids', () => {
  it('are UUID v4', () => {
    expect(newRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('stay the same for the same body (a double click, a retry) and change with the body', () => {
    const { result, rerender } = renderHook(() => useRequestIdPerBody());
    const first = result.current(['renew', 500]);
    expect(result.current(['renew', 500])).toBe(first);
    rerender();
    expect(result.current(['renew', 500])).toBe(first);
    const changed = result.current(['renew', 650]);
    expect(changed).not.toBe(first);
    expect(result.current(['renew', 650])).toBe(changed);
  });
});

import type { z } from 'zod';
import type { resellerCodeCheckSchema } from '@app/shared/contracts/catalogue';
import { isResellerCode } from '@app/shared/rules/reseller-code';
import { api } from './api-client';
import { StorageKey } from './storage-keys';
import { readItem, removeItem, writeItem } from './storage';

/**
 * Reseller codes arrive as an extra last segment on any shop URL (spec §2). The code is kept in
 * localStorage for checkout; see docs/decisions/023 for what happens after the background check.
 */

export interface UnknownPathResult {
  code: string;
  /** Where to go instead: the same path without the code, with the query string kept. */
  to: string;
}

/**
 * For a path no route matched: the code is the last non-empty segment, if it can be a code at all.
 * Returns null when the path ends in "/" or its last segment cannot be a reseller code.
 */
export function splitResellerSegment(pathname: string, search = ''): UnknownPathResult | null {
  const segments = pathname.split('/');
  const last = segments[segments.length - 1];
  if (!last) return null;
  let code: string;
  try {
    code = decodeURIComponent(last);
  } catch {
    return null;
  }
  if (!isResellerCode(code)) return null;
  const rest = segments.slice(0, -1).join('/');
  return { code, to: `${rest || '/'}${search}` };
}

export function storedResellerCode(): string | null {
  return readItem(StorageKey.resellerCode);
}

/** true / false once the server has answered; null while unknown (not checked, or the check failed). */
export function resellerCodeValidity(): boolean | null {
  const flag = readItem(StorageKey.resellerCodeValid);
  return flag === 'true' ? true : flag === 'false' ? false : null;
}

/** The code checkout should send: the stored one unless the server has said it is not valid. */
export function usableResellerCode(): string | null {
  return resellerCodeValidity() === false ? null : storedResellerCode();
}

export async function checkResellerCode(code: string): Promise<boolean> {
  const result = await api.get<z.infer<typeof resellerCodeCheckSchema>>('/public/utility/is_valid_reseller_code', {
    query: { code },
    // A visitor following a partner's link should never see an error about it.
    toast: false,
  });
  return result.valid;
}

/**
 * Stores the code at once (the spec's rule), then asks the server in the background and records the
 * answer in `resellerCodeValid`. The code itself stays either way (a partner may fix a typo'd code on
 * their side, and support can see what the visitor arrived with); checkout uses `usableResellerCode`.
 * A failed check leaves the flag unknown so checkout can ask again.
 */
export function captureResellerCode(code: string, check: (code: string) => Promise<boolean> = checkResellerCode): Promise<void> {
  writeItem(StorageKey.resellerCode, code);
  removeItem(StorageKey.resellerCodeValid);
  return check(code).then(
    (valid) => {
      // A newer link may have replaced the code while this check was running.
      if (storedResellerCode() !== code) return;
      writeItem(StorageKey.resellerCodeValid, String(valid));
    },
    (error: unknown) => {
      console.warn('Reseller code check failed; will be checked again at checkout', error);
    },
  );
}

import type { z } from 'zod';
import type { resellerCodeCheckSchema } from '@app/shared/contracts/catalogue';
import { api } from './api-client';
import { StorageKey } from './storage-keys';
import { readItem, removeItem, writeItem } from './storage';

/**
 * Reseller codes arrive as an extra last segment on any shop URL (spec §2). The code is kept in
 * localStorage for checkout; see docs/decisions/023 for what happens after the background check.
 */

// The unknown-path rule itself is shared with the server, which answers such paths 200 (not 404).
export { splitResellerSegment, type UnknownPathResult } from '@app/shared/rules/reseller-code';

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

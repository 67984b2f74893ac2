/**
 * Storage access that never throws: Safari private mode, disabled cookies and full quotas make the
 * Web Storage API throw, and a shop must keep working (without persistence) when that happens.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Persistence is a convenience; the in-memory state stays correct.
  }
}

export function removeItem(key: string, which: Area | 'both' = 'local'): void {
  for (const a of which === 'both' ? (['local', 'session'] as const) : [which]) {
    try {
      area(a)?.removeItem(key);
    } catch {
      // See writeItem.
    }
  }
}

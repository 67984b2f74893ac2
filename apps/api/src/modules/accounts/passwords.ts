import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum recommended cost (19 MiB memory, 2 passes, 1 lane): about 25 ms
 * per hash on one core here, which keeps login cheap for us and guessing expensive offline.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * The throw-away hash unknown addresses are checked against. Made at start (the auth module awaits
 * it): made on first use, the first unknown address would take a hash longer than a real one.
 */
export function primeDummyHash(): Promise<string> {
  dummyHash ??= argon2.hash('no account has this password', ARGON2_OPTIONS);
  return dummyHash;
}

/**
 * Verifies against `hash`, or, when there is no hash (unknown address, social-only account),
 * against a throw-away hash so the answer takes as long either way.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await primeDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with weaker (or different) parameters than today's. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

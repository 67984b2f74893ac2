import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for values that must wait in the database in a readable
 * place, such as a queued mail that carries a verification code or a reset link: the job table
 * then holds ciphertext, and only a process with the server secret can read it.
 */
export interface SealedBox {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
}

export function sealedBox(key: Buffer): SealedBox {
  if (key.length !== 32) throw new Error('sealed box key must be 32 bytes');
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open<T>(sealed: string): T {
      if (!sealed.startsWith('v1.')) throw new Error('unknown sealed format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as T;
    },
  };
}

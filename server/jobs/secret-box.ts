import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals the write-only secrets (market accounts, post configs) at rest with AES-256-GCM under a key
 * derived from the server's JWT secret: a database copy alone does not reveal them. Changing
 * JWT_SECRET makes stored secrets unreadable, so they must then be entered again.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(serverSecret: string): SecretBox {
  const key = createHash('sha256').update(`collect-secrets:${serverSecret}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1') throw new Error('Unknown secret format.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** The stored column after a write-only input: undefined keeps, null clears, text replaces. */
export function nextSealedSecret(box: SecretBox, input: string | null | undefined, stored: string | null): string | null {
  if (input === undefined) return stored;
  return input === null ? null : box.seal(input);
}

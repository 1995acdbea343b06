import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { msg } from '../../src/shared/validation-messages';
import { validationError } from '../http/app-error';

/**
 * Seals the write-only secrets (market accounts, post configs) at rest with AES-256-GCM under
 * SECRETS_KEY, a key of their own: a database copy alone does not reveal them, and rotating
 * JWT_SECRET leaves them readable. Several keys rotate: the newest seals, every key opens, and a
 * sealed value names its key (`v2.<key id>.<iv>.<tag>.<body>`). `v1` values, sealed before
 * SECRETS_KEY existed under a key derived from JWT_SECRET, still open with that key until the server
 * re-seals them at startup (resealSecrets).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Whether the value is sealed under the newest key (rotation leaves it alone). */
  isCurrent(sealed: string): boolean;
}

/** The first 8 hex characters of the key's SHA-256: names the key without revealing it. */
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

function openWith(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** keys: 64 hex characters each, newest first (validated by the configuration). */
export function secretBox(keys: readonly string[], legacyJwtSecret: string): SecretBox {
  if (!keys.length) throw new Error('No SECRETS_KEY to seal secrets with.');
  const byId = new Map(keys.map((hex) => Buffer.from(hex, 'hex')).map((key) => [keyId(key), key]));
  const [newestId] = byId.keys();
  const newest = byId.get(newestId)!;
  const legacy = createHash('sha256').update(`collect-secrets:${legacyJwtSecret}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', newest, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v2', newestId, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts[0] === 'v1' && parts.length === 4) return openWith(legacy, parts[1], parts[2], parts[3]);
      if (parts[0] !== 'v2' || parts.length !== 5) throw new Error('Unknown secret format.');
      const key = byId.get(parts[1]);
      if (!key) throw new Error(`The secret is sealed under key ${parts[1]}, which is not in SECRETS_KEY.`);
      return openWith(key, parts[2], parts[3], parts[4]);
    },
    isCurrent(sealed) {
      return sealed.startsWith(`v2.${newestId}.`);
    },
  };
}

/** A write-only secret as a form sends it, with where the resource would send it afterwards. */
export interface SecretWrite {
  /** undefined keeps the stored secret, null clears it, text replaces it. */
  input: string | null | undefined;
  /** The hosts or origins the secret goes to after this write (market account hosts, a post target's endpoint). */
  destinations: readonly string[];
  /** The form field the secret is typed in. */
  field: string;
}

export interface StoredSecret {
  sealed: string | null;
  destinations: readonly string[];
}

/**
 * The stored column after a write-only input. Every resource that keeps a secret writes it through
 * here: a kept secret stays bound to where it was typed for, so a change that would send it to a
 * new destination is refused unless the secret is typed again (an administrator cannot redirect a
 * secret they never saw to their own host).
 */
export function nextSealedSecret(box: SecretBox, write: SecretWrite, stored: StoredSecret | null): string | null {
  if (write.input === undefined) {
    const added = write.destinations.find((destination) => stored?.sealed && !stored.destinations.includes(destination));
    if (added !== undefined) throw validationError([{ field: write.field, message: msg.secretAgain, params: { destination: added } }]);
    return stored?.sealed ?? null;
  }
  return write.input === null ? null : box.seal(write.input);
}

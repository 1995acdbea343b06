import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from '../../server/secrets/secret-box';

const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');

/** A value as the server sealed it before SECRETS_KEY: v1, under a key derived from JWT_SECRET. */
function sealedV1(plain: string, jwtSecret: string): string {
  const key = createHash('sha256').update(`collect-secrets:${jwtSecret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

describe('secret box', () => {
  it('seals under the newest key and opens with any listed key, whatever JWT_SECRET is', () => {
    const underA = secretBox([keyA], 'jwt-1').seal('s3cret');
    expect(underA).toMatch(/^v2\.[0-9a-f]{8}\./);
    const rotated = secretBox([keyB, keyA], 'jwt-2');
    expect(rotated.open(underA)).toBe('s3cret');
    expect(rotated.isCurrent(underA)).toBe(false);
    const underB = rotated.seal('s3cret');
    expect(rotated.isCurrent(underB)).toBe(true);
    expect(secretBox([keyB], 'jwt-3').open(underB)).toBe('s3cret');
  });

  it('says which key is missing when no listed key opens a value', () => {
    const underA = secretBox([keyA], 'jwt').seal('s3cret');
    const id = underA.split('.')[1];
    expect(() => secretBox([keyB], 'jwt').open(underA)).toThrow(`The secret is sealed under key ${id}, which is not in SECRETS_KEY.`);
  });

  it('opens v1 values with the JWT-derived key, and refuses unknown formats and tampering', () => {
    const box = secretBox([keyA], 'old-jwt-secret');
    expect(box.open(sealedV1('legacy', 'old-jwt-secret'))).toBe('legacy');
    expect(() => box.open('v3.x.y.z')).toThrow('Unknown secret format.');
    const sealed = box.seal('s3cret').split('.');
    sealed[4] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(sealed.join('.'))).toThrow();
  });

  it('refuses to work without a key', () => {
    expect(() => secretBox([], 'jwt')).toThrow('No SECRETS_KEY to seal secrets with.');
  });
});

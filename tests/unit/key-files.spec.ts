import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { secretsKeysFor } from '../../server/key-files';

describe('the key of stored secrets', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-keys-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once into DATA_DIR/secrets-key, readable by the owner only, and read back after', () => {
    const dir = dataDir();
    const [key] = secretsKeysFor(dir);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, 'secrets-key')).mode & 0o777).toBe(0o600);
    expect(secretsKeysFor(dir)).toEqual([key]);
  });

  it('comes from SECRETS_KEY when set, writing no file', () => {
    const dir = dataDir();
    expect(secretsKeysFor(dir, ['b'.repeat(64), 'a'.repeat(64)])).toEqual(['b'.repeat(64), 'a'.repeat(64)]);
    expect(() => readFileSync(join(dir, 'secrets-key'))).toThrow();
  });

  it('refuses a secrets-key file that does not hold 64 hex characters', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'secrets-key'), 'not a key');
    expect(() => secretsKeysFor(dir)).toThrow(ConfigError);
    expect(() => secretsKeysFor(dir)).toThrow('secrets-key must hold 64 hex characters (or set SECRETS_KEY).');
  });
});

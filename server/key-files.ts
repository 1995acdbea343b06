import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, SECRETS_KEY_PATTERN } from './config';

/** Reads DATA_DIR/<name>, or writes a new value there once, readable by the owner only. */
function keyFile(dataDir: string, name: string, generate: () => string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = generate();
  writeFileSync(file, value, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

/** The JWT key comes from JWT_SECRET, or is generated once into DATA_DIR/jwt-secret. */
export function jwtSecretFor(dataDir: string, fromEnv?: string): string {
  return fromEnv ?? keyFile(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

/** The keys of stored secrets come from SECRETS_KEY (newest first), or one is generated once into DATA_DIR/secrets-key. */
export function secretsKeysFor(dataDir: string, fromEnv?: string[]): string[] {
  if (fromEnv) return fromEnv;
  const key = keyFile(dataDir, 'secrets-key', () => randomBytes(32).toString('hex'));
  if (!SECRETS_KEY_PATTERN.test(key)) throw new ConfigError(`${join(dataDir, 'secrets-key')} must hold 64 hex characters (or set SECRETS_KEY).`);
  return [key];
}

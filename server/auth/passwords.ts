import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id; its const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;
import type { AppConfig } from '../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same work as a real check, so an unknown e-mail is not told apart by timing. */
  verifyNothing(password: string): Promise<void>;
}

export function passwordHasher(cost: AppConfig['passwordHash']): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...cost };
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    verifyNothing: async (password) => {
      decoy ??= hash('decoy-password-1!', options);
      await verify(await decoy, password).catch(() => false);
    },
  };
}

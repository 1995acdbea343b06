import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv, readServerEnv } from '../../server/config';

describe('configuration from the environment', () => {
  it('applies the defaults of the README', () => {
    const vars = readEnv({});
    expect(vars.PORT).toBe(8080);
    expect(vars.DATA_DIR).toBe('./data');
    expect(vars.DATABASE_URL).toBeUndefined();
    expect(vars.SMTP_URL).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'weak' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'nota url' }],
    ['OUTBOUND_ALLOW', { OUTBOUND_ALLOW: 'http://ads.internal/' }],
    ['OUTBOUND_ALLOW', { OUTBOUND_ALLOW: '10.0.0.0/33' }],
    ['SECRETS_KEY', { SECRETS_KEY: 'not-hex' }],
    ['SECRETS_KEY', { SECRETS_KEY: `${'a'.repeat(64)},${'b'.repeat(63)}` }],
  ])('stops with a message naming %s when it is bad', (name, env) => {
    expect(() => readEnv(env)).toThrow(ConfigError);
    expect(() => readEnv(env)).toThrow(new RegExp(name));
  });

  it('reads OUTBOUND_ALLOW as host names, addresses and CIDR networks, comma-separated', () => {
    expect(readEnv({}).OUTBOUND_ALLOW).toEqual([]);
    expect(readEnv({ OUTBOUND_ALLOW: ' 127.0.0.1/32, localhost ,ads.internal,10.0.0.0/8,::1,fd00::/8' }).OUTBOUND_ALLOW).toEqual([
      '127.0.0.1/32',
      'localhost',
      'ads.internal',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('reads SECRETS_KEY as 64-hex-character keys, newest first', () => {
    expect(readEnv({}).SECRETS_KEY).toBeUndefined();
    const [a, b] = ['a'.repeat(64), 'B'.repeat(64)];
    expect(readEnv({ SECRETS_KEY: `${b}, ${a}` }).SECRETS_KEY).toEqual([b, a]);
  });

  it('treats an empty variable as unset', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  describe('a serving instance (readServerEnv)', () => {
    const secret = 'x'.repeat(32);
    const key = 'ab'.repeat(32);
    const store = 's3://console-files/prod';

    it('requires JWT_SECRET when DATABASE_URL is set, naming it', () => {
      const env = { DATABASE_URL: 'postgres://db/console' };
      expect(() => readServerEnv(env)).toThrow(ConfigError);
      expect(() => readServerEnv(env)).toThrow(/JWT_SECRET: required when DATABASE_URL is set/);
      expect(() => readServerEnv({ ...env, JWT_SECRET: '' })).toThrow(/JWT_SECRET: required/);
      expect(() => readServerEnv({ ...env, JWT_SECRET: secret })).toThrow(/SECRETS_KEY: required when DATABASE_URL is set/);
      expect(readServerEnv({ ...env, JWT_SECRET: secret, SECRETS_KEY: key, FILE_STORE: store }).JWT_SECRET).toBe(secret);
    });

    it('requires SECRETS_KEY when DATABASE_URL is set, naming it', () => {
      const env = { DATABASE_URL: 'postgres://db/console', JWT_SECRET: secret };
      expect(() => readServerEnv(env)).toThrow(/SECRETS_KEY: required when DATABASE_URL is set/);
      expect(() => readServerEnv({ ...env, SECRETS_KEY: '' })).toThrow(/SECRETS_KEY: required/);
      expect(readServerEnv({ ...env, SECRETS_KEY: key, FILE_STORE: store }).SECRETS_KEY).toEqual([key]);
    });

    it('requires FILE_STORE when DATABASE_URL is set, naming it', () => {
      const env = { DATABASE_URL: 'postgres://db/console', JWT_SECRET: secret, SECRETS_KEY: key };
      expect(() => readServerEnv(env)).toThrow(/FILE_STORE: required when DATABASE_URL is set/);
      expect(readServerEnv({ ...env, FILE_STORE: store }).FILE_STORE).toBe(store);
    });

    it('leaves JWT_SECRET optional on SQLite (the key is generated into DATA_DIR)', () => {
      expect(readServerEnv({}).JWT_SECRET).toBeUndefined();
      expect(readServerEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    });

    it('lists the rule with the other bad values', () => {
      const error = (() => {
        try {
          readServerEnv({ DATABASE_URL: 'postgres://db/console', PORT: 'eighty' });
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error?.message).toMatch(/PORT: /);
      expect(error?.message).toMatch(/JWT_SECRET: required when DATABASE_URL is set/);
    });

    it('still reports a short JWT_SECRET as too short', () => {
      expect(() => readServerEnv({ DATABASE_URL: 'postgres://db/console', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    });
  });
});

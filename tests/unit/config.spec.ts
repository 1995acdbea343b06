import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from '../../server/config';

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
  ])('stops with a message naming %s when it is bad', (name, env) => {
    expect(() => readEnv(env)).toThrow(ConfigError);
    expect(() => readEnv(env)).toThrow(new RegExp(name));
  });

  it('treats an empty variable as unset', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

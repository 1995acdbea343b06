// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from './cookies';

afterEach(() => vi.restoreAllMocks());

describe('cookies', () => {
  it('writes max-age 28800, path / and SameSite=Lax, without Secure on http', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('accessToken', 'a b;c');
    expect(setter).toHaveBeenCalledWith('accessToken=a%20b%3Bc; Max-Age=28800; Path=/; SameSite=Lax');
    expect(readCookie('accessToken')).toBe('a b;c');
  });

  it('adds Secure on https', () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    const setter = vi.spyOn(document, 'cookie', 'set');
    writeCookie('refreshToken', 'r');
    vi.unstubAllGlobals();
    expect(setter).toHaveBeenCalledWith('refreshToken=r; Max-Age=28800; Path=/; SameSite=Lax; Secure');
  });

  it('deletes with the same path', () => {
    writeCookie('tableauId', 'x');
    deleteCookie('tableauId');
    expect(readCookie('tableauId')).toBeUndefined();
  });
});

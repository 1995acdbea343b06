import { describe, expect, it } from 'vitest';
import { afterSignInPath, isPublicPath, safeNextPath, signInPath } from './signInRedirect';

describe('safeNextPath (no open redirect, no way back to sign-in)', () => {
  it.each(['/user/users', '/project/detail/3', '/project/detail/3?tab=plans', '/no/such/path', '/log/system#top'])('keeps %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['//evil.com/user/users', 'protocol-relative with a path'],
    ['https://evil.com/', 'absolute'],
    ['http:/evil.com', 'scheme without slashes'],
    ['javascript:alert(1)', 'script URL'],
    ['/\\evil.com', 'backslash (browsers read it as //)'],
    ['\\\\evil.com', 'double backslash'],
    ['/\t/evil.com', 'tab dropped by the URL parser'],
    ['/\n/evil.com', 'newline dropped by the URL parser'],
    ['user/users', 'relative without the leading slash'],
    ['', 'empty'],
    [null, 'absent'],
  ] as const)('refuses %j (%s)', (raw, _why) => {
    expect(safeNextPath(raw)).toBeUndefined();
  });

  it('refuses the public pages, so sign-in can never lead to sign-in again', () => {
    for (const path of ['/sign-in', '/sign-in?next=%2Fsign-in', '/sign-up', '/new-password', '/new-password/abc']) {
      expect(safeNextPath(path)).toBeUndefined();
    }
  });

  it('leaves the home page out, it is where sign-in goes anyway', () => {
    expect(safeNextPath('/')).toBeUndefined();
  });

  it('normalises dot segments instead of letting them climb out', () => {
    expect(safeNextPath('/user/../user/users')).toBe('/user/users');
    expect(safeNextPath('/../../sign-in')).toBeUndefined();
  });
});

describe('signInPath and afterSignInPath', () => {
  it('carries a safe next page and the notice in the query', () => {
    expect(signInPath()).toBe('/sign-in');
    expect(signInPath({ next: '/user/users' })).toBe('/sign-in?next=%2Fuser%2Fusers');
    expect(signInPath({ next: '/project/detail/3', notice: 'Session revoked' })).toBe('/sign-in?next=%2Fproject%2Fdetail%2F3&notice=Session+revoked');
  });

  it('drops an unsafe or public next page instead of building a loop or an open redirect', () => {
    expect(signInPath({ next: '//evil.com' })).toBe('/sign-in');
    expect(signInPath({ next: '/sign-in?next=%2Fuser%2Fusers' })).toBe('/sign-in');
  });

  it('reads the next page back, defaulting to the project list', () => {
    expect(afterSignInPath('?next=%2Fuser%2Fusers')).toBe('/user/users');
    expect(afterSignInPath('?next=%2F%2Fevil.com')).toBe('/');
    expect(afterSignInPath('?next=https%3A%2F%2Fevil.com')).toBe('/');
    expect(afterSignInPath('')).toBe('/');
  });

  it('knows the public pages', () => {
    expect(isPublicPath('/sign-in')).toBe(true);
    expect(isPublicPath('/new-password/token')).toBe(true);
    expect(isPublicPath('/sign-inx')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});

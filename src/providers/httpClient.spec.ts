// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, envelope, stubFetch } from '../testing/fetchStub';
import { ApiError } from './apiError';
import { writeCookie, readCookie } from './cookies';
import { buildUrl, httpClient } from './httpClient';
import { loadingStore } from './loadingStore';
import { registerSignInNavigator } from './signInRedirect';

const navigateTo = vi.fn();

beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
  navigateTo.mockReset();
  registerSignInNavigator(navigateTo);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requests', () => {
  it('sends GET array queries as repeated key=value pairs', async () => {
    expect(buildUrl('/projects', { status: ['ON_GOING', 'COMPLETED'], page: 2, q: undefined })).toBe('/api/projects?status=ON_GOING&status=COMPLETED&page=2');
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', []) }));
    await httpClient.get('/tasks', { taskId: [1, 2, 3] });
    expect(calls[0].url).toBe('/api/tasks?taskId=1&taskId=2&taskId=3');
  });

  it('sends the access token cookie as a Bearer token and the body as JSON', async () => {
    writeCookie('accessToken', 'token-abc');
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { id: 1 }) }));
    const answer = await httpClient.post('/projects', { name: 'Spring sale' });
    expect(answer.data).toEqual({ id: 1 });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer token-abc', 'Content-Type': 'application/json' },
      body: { name: 'Spring sale' },
    });
  });

  it("tells the server the reader's time zone and the console's language, for what it writes for a person", async () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'Asia/Seoul';
    document.documentElement.lang = 'ko';
    try {
      const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', {}) }));
      await httpClient.post('/system-logs/export', { filter: {} });
      expect(calls[0].headers).toMatchObject({ 'X-Time-Zone': 'Asia/Seoul', 'Accept-Language': 'ko' });
    } finally {
      process.env.TZ = zoneBefore;
      document.documentElement.lang = '';
    }
  });

  it('raises the shared loading flag while any request is in flight', async () => {
    let release!: () => void;
    stubFetch(() => new Promise((resolve) => (release = () => resolve({ body: envelope('SUCCESS') }))));
    const changes: boolean[] = [];
    const unsubscribe = loadingStore.subscribe(() => changes.push(loadingStore.isLoading()));
    const pending = httpClient.get('/projects');
    expect(loadingStore.isLoading()).toBe(true);
    await vi.waitFor(() => expect(release).toBeDefined(), { timeout: 10_000 });
    release();
    await pending;
    unsubscribe();
    expect(loadingStore.isLoading()).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});

describe('errors', () => {
  it('carries status, result, resultMessage and data; title = result (in words), text = resultMessage', async () => {
    stubFetch(() => ({ status: 409, body: envelope('CONFLICT', { id: 3 }, 'Already registered') }));
    const error = await failure(httpClient.post('/auth/otp', { email: 'a@b.co' }));
    expect(error).toMatchObject({
      status: 409,
      result: 'CONFLICT',
      resultMessage: 'Already registered',
      data: { id: 3 },
      code: 'CONFLICT',
      titleKey: 'console.result.CONFLICT',
      text: 'Already registered',
    });
  });

  it('falls back to Generic Error / An Generic error occurred when the envelope says nothing', async () => {
    stubFetch(() => ({ status: 500, body: { result: '', resultMessage: '', data: null } }));
    const error = await failure(httpClient.get('/projects'));
    expect(error).toMatchObject({ status: 500, code: undefined, titleKey: 'console.result.generic', text: 'An Generic error occurred' });
  });

  it('uses the error code and message when there is no envelope', async () => {
    stubFetch(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    expect(await failure(httpClient.get('/projects'))).toMatchObject({
      status: 502,
      code: 'ERR_BAD_RESPONSE',
      titleKey: 'console.result.ERR_BAD_RESPONSE',
      text: 'Request failed with status code 502',
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await failure(httpClient.get('/projects'))).toMatchObject({ status: 0, code: 'ERR_NETWORK', titleKey: 'console.result.ERR_NETWORK', text: 'Network Error' });
  });

  it('passes a 403 through without touching the session', async () => {
    writeCookie('accessToken', 'token-abc');
    stubFetch(() => ({ status: 403, body: envelope('FORBIDDEN') }));
    expect(await failure(httpClient.get('/users'))).toMatchObject({ status: 403, result: 'FORBIDDEN' });
    expect(readCookie('accessToken')).toBe('token-abc');
    expect(navigateTo).not.toHaveBeenCalled();
  });
});

describe('session renewal', () => {
  it('shares one reissue between concurrent 401 TOKEN_UNAUTHORIZED calls and retries each once with the new token', async () => {
    writeCookie('accessToken', 'expired-access');
    writeCookie('refreshToken', 'refresh-token-1');
    const { calls } = stubFetch(async (call) => {
      if (call.url === '/api/auth/reissue') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { body: envelope('SUCCESS', { accessToken: 'fresh-access', refreshToken: 'refresh-token-2' }) };
      }
      if (call.headers.Authorization === 'Bearer fresh-access') return { body: envelope('SUCCESS', call.url) };
      return { status: 401, body: envelope('TOKEN_UNAUTHORIZED') };
    });

    const answers = await Promise.all([httpClient.get('/projects'), httpClient.get('/templates'), httpClient.get('/plans')]);

    expect(answers.map((answer) => answer.data)).toEqual(['/api/projects', '/api/templates', '/api/plans']);
    const reissues = calls.filter((call) => call.url === '/api/auth/reissue');
    expect(reissues).toHaveLength(1);
    expect(reissues[0].body).toEqual({ refreshToken: 'refresh-token-1' });
    expect(reissues[0].headers.Authorization).toBeUndefined();
    expect(calls.filter((call) => call.url === '/api/projects')).toHaveLength(2);
    expect(readCookie('accessToken')).toBe('fresh-access');
    expect(readCookie('refreshToken')).toBe('refresh-token-2');
  });

  it('retries only once: a second 401 goes to the caller', async () => {
    writeCookie('refreshToken', 'refresh-token-1');
    const { calls } = stubFetch((call) =>
      call.url === '/api/auth/reissue' ? { body: envelope('SUCCESS', { accessToken: 'fresh-access', refreshToken: 'refresh-token-2' }) } : { status: 401, body: envelope('TOKEN_UNAUTHORIZED') },
    );
    expect(await failure(httpClient.get('/projects'))).toMatchObject({ result: 'TOKEN_UNAUTHORIZED' });
    expect(calls.map((call) => call.url)).toEqual(['/api/projects', '/api/auth/reissue', '/api/projects']);
  });

  it('on a failed reissue logs Reissue Failed, clears the cookies and goes to sign-in', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeCookie('accessToken', 'expired-access');
    writeCookie('refreshToken', 'revoked-refresh');
    stubFetch((call) => (call.url === '/api/auth/reissue' ? { status: 401, body: envelope('ADMIN_ACCESS_TOKEN_NOT_MATCHED') } : { status: 401, body: envelope('TOKEN_UNAUTHORIZED') }));
    expect(await failure(httpClient.get('/projects'))).toMatchObject({ result: 'TOKEN_UNAUTHORIZED' });
    expect(consoleError).toHaveBeenCalledWith('Reissue Failed');
    expect(readCookie('accessToken')).toBeUndefined();
    expect(readCookie('refreshToken')).toBeUndefined();
    expect(navigateTo).toHaveBeenCalledWith('/sign-in');
  });

  it('without a refresh token does not call reissue and goes to sign-in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = stubFetch(() => ({ status: 401, body: envelope('TOKEN_UNAUTHORIZED') }));
    await failure(httpClient.get('/projects'));
    expect(calls.map((call) => call.url)).toEqual(['/api/projects']);
    expect(navigateTo).toHaveBeenCalledWith('/sign-in');
  });

  it('on ADMIN_ACCESS_TOKEN_NOT_MATCHED deletes the session cookies and goes to sign-in with the message', async () => {
    writeCookie('accessToken', 'revoked-access');
    writeCookie('refreshToken', 'revoked-refresh');
    writeCookie('tableauId', 'viewer-9');
    writeCookie('unrelated', 'kept');
    const { calls } = stubFetch(() => ({ status: 401, body: envelope('ADMIN_ACCESS_TOKEN_NOT_MATCHED', null, 'Signed in elsewhere') }));
    expect(await failure(httpClient.get('/projects'))).toMatchObject({ result: 'ADMIN_ACCESS_TOKEN_NOT_MATCHED' });
    expect(readCookie('accessToken')).toBeUndefined();
    expect(readCookie('refreshToken')).toBeUndefined();
    expect(readCookie('tableauId')).toBeUndefined();
    expect(readCookie('unrelated')).toBe('kept');
    expect(calls).toHaveLength(1);
    expect(navigateTo).toHaveBeenCalledWith('/sign-in?notice=Signed+in+elsewhere');
  });

  it('carries the reason code of a session ended on purpose to sign-in, from a request or a failed renewal', async () => {
    const ended = envelope('ADMIN_ACCESS_TOKEN_NOT_MATCHED', { reason: 'PASSWORD_CHANGED' }, 'You were signed out because your password was changed.');
    writeCookie('accessToken', 'revoked-access');
    stubFetch(() => ({ status: 401, body: ended }));
    await failure(httpClient.get('/projects'));
    expect(navigateTo).toHaveBeenLastCalledWith('/sign-in?notice=PASSWORD_CHANGED');

    vi.spyOn(console, 'error').mockImplementation(() => {});
    writeCookie('accessToken', 'expired-access');
    writeCookie('refreshToken', 'revoked-refresh');
    stubFetch((call) => (call.url === '/api/auth/reissue' ? { status: 401, body: { ...ended, data: { reason: 'PASSWORD_RESET' } } } : { status: 401, body: envelope('TOKEN_UNAUTHORIZED') }));
    await failure(httpClient.get('/projects'));
    expect(navigateTo).toHaveBeenLastCalledWith('/sign-in?notice=PASSWORD_RESET');
  });
});

describe('uploads with progress', () => {
  /** The XMLHttpRequest a progress upload goes by, answering `answers` in turn. */
  function stubXhr(answers: { status: number; body: unknown }[]) {
    const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
    class FakeXhr {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      responseText = '';
      private request = { method: '', url: '', headers: {} as Record<string, string>, body: undefined as unknown };
      open(method: string, url: string) {
        this.request.method = method;
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      abort() {}
      send(body: unknown) {
        sent.push({ ...this.request, body });
        const answer = answers[sent.length - 1];
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return sent;
  }

  it('reports the share of the body sent, carries the bearer token and reads the envelope', async () => {
    writeCookie('accessToken', 'token-abc');
    const sent = stubXhr([{ status: 200, body: envelope('SUCCESS', { id: 9 }) }]);
    const progress: number[] = [];
    const form = new FormData();
    form.append('datasetId', '3');
    const answer = await httpClient.post('/uploads', form, { onUploadProgress: (fraction) => progress.push(fraction) });
    expect(answer.data).toEqual({ id: 9 });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/uploads', headers: { Authorization: 'Bearer token-abc' } });
    expect(sent[0].body).toBe(form);
  });

  it('renews an expired token once and sends the file again, as every other request does', async () => {
    writeCookie('accessToken', 'old-token');
    writeCookie('refreshToken', 'refresh-1');
    stubFetch(() => ({ body: envelope('SUCCESS', { accessToken: 'new-token', refreshToken: 'refresh-2' }) }));
    const sent = stubXhr([
      { status: 401, body: envelope('TOKEN_UNAUTHORIZED') },
      { status: 200, body: envelope('SUCCESS', { id: 9 }) },
    ]);
    expect((await httpClient.post('/uploads', new FormData(), { onUploadProgress: () => {} })).data).toEqual({ id: 9 });
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('rejects with the ApiError of a refused upload', async () => {
    stubXhr([{ status: 413, body: envelope('PAYLOAD_TOO_LARGE', null, 'The file is too large.') }]);
    const error = await failure(httpClient.post('/uploads', new FormData(), { onUploadProgress: () => {} }));
    expect(error).toMatchObject({ status: 413, result: 'PAYLOAD_TOO_LARGE', text: 'The file is too large.' });
  });
});

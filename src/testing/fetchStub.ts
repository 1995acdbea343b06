import { vi } from 'vitest';

/** One stubbed answer: an envelope (or raw body) and its HTTP status. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces globalThis.fetch, the boundary to the server, with a router of canned answers.
 * `answer` receives each call and returns what the server would.
 */
export function stubFetch(answer: (call: RecordedCall) => StubAnswer | Promise<StubAnswer>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status = 200, body, headers } = await answer(call);
    return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

export const envelope = (result: string, data: unknown = null, resultMessage = result === 'SUCCESS' ? 'Success' : `${result} message`) => ({
  result,
  resultMessage,
  data,
});

/** Deletes every cookie of the jsdom document between tests. */
export function clearCookies(): void {
  for (const entry of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${entry.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

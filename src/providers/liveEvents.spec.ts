// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_COOKIE } from '../shared/constants';
import { writeCookie } from './cookies';
import { subscribe, unsubscribe, type LiveEvent } from './liveEvents';

afterEach(() => vi.unstubAllGlobals());

const change = (id: string) => `data: ${JSON.stringify({ type: 'updated', resource: 'holidays', id, by: 'Kim', at: '2026-01-02T05:05:00.000Z' })}\n\n`;

/** A stream body that sends `text` and then ends (a server stopping) or stays open until aborted. */
function body(text: string, ends: boolean, signal: AbortSignal): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (ends) controller.close();
      else signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
    },
  });
}

describe('the event stream in the browser', () => {
  it('opens only while a screen subscribes, with the bearer token, reconnects when the server ends it, and closes when the last screen goes', async () => {
    writeCookie(ACCESS_TOKEN_COOKIE, 'token-1');
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      signals.push(init.signal!);
      // The first stream is cut by a restarting server; the second stays.
      const first = signals.length === 1;
      return new Response(body(`: open\n\n${change(first ? '1' : '2')}: heartbeat\n\n`, first, init.signal!), { headers: { 'content-type': 'text/event-stream' } });
    });
    vi.stubGlobal('fetch', fetch);

    const heard: LiveEvent[] = [];
    const callback = (event: LiveEvent) => heard.push(event);
    expect(fetch).not.toHaveBeenCalled();
    subscribe('resource/holidays', callback);
    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 3000 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0][0]).toBe('/api/events');
    expect((fetch.mock.calls[0][1].headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(heard.map((event) => event.payload.ids[0])).toEqual(['1', '2']);
    expect(heard[0]).toEqual({ topic: 'resource/holidays', type: 'updated', payload: { ids: ['1'], by: 'Kim' }, date: '2026-01-02T05:05:00.000Z' });

    unsubscribe('resource/holidays', callback);
    expect(signals[1].aborted).toBe(true);
  });
});

import { isRecordEvent, recordTopics, type RecordEvent } from '../shared/live-events';
import { buildUrl, renewSession } from './httpClient';
import { readAccessToken } from './storedSession';

/** An event as react-admin's realtime hooks read it (ra-realtime's shape): the record's id in `payload.ids`. */
export interface LiveEvent {
  topic: string;
  type: RecordEvent['type'];
  payload: { ids: string[]; by: string };
  date: string;
}
export type LiveCallback = (event: LiveEvent) => void;

const RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;

const subscribers = new Map<string, Set<LiveCallback>>();
/** The open stream's; none while no screen subscribes, so an idle console holds no connection. */
let stream: AbortController | undefined;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls every callback of the topic. */
export function publish(topic: string, event: LiveEvent): void {
  subscribers.get(topic)?.forEach((callback) => callback(event));
}

function dispatch(event: RecordEvent): void {
  for (const topic of recordTopics(event)) publish(topic, { topic, type: event.type, payload: { ids: [event.id], by: event.by }, date: event.at });
}

/** Server-sent events from a fetch body: each `data:` line is one change; comments (heartbeats) are skipped. */
async function read(body: ReadableStream<Uint8Array>): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const data = buffered
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffered = buffered.slice(end + 2);
      const event: unknown = data ? JSON.parse(data.slice(6)) : undefined;
      if (isRecordEvent(event)) dispatch(event);
    }
  }
}

/**
 * One stream for every subscribed screen, by fetch so the bearer token goes in its header (an
 * EventSource sends none: docs/decisions.md). It reconnects when it ends (a server restarting, a
 * session change), renews an expired token as every call does, and stops when no screen subscribes.
 */
async function connect(controller: AbortController): Promise<void> {
  let delay = RETRY_MS;
  while (stream === controller) {
    try {
      const response = await fetch(buildUrl('/events'), { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${readAccessToken() ?? ''}` }, signal: controller.signal });
      if (response.status === 401) {
        if (!(await renewSession())) return;
        continue;
      }
      if (response.ok && response.body) {
        delay = RETRY_MS;
        await read(response.body);
      }
    } catch {
      // Aborted (no screen left) or the connection broke: the loop decides.
    }
    if (stream !== controller) return;
    await wait(delay);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }
}

export function subscribe(topic: string, callback: LiveCallback): void {
  let callbacks = subscribers.get(topic);
  if (!callbacks) subscribers.set(topic, (callbacks = new Set()));
  callbacks.add(callback);
  if (!stream) void connect((stream = new AbortController()));
}

export function unsubscribe(topic: string, callback: LiveCallback): void {
  const callbacks = subscribers.get(topic);
  callbacks?.delete(callback);
  if (callbacks?.size === 0) subscribers.delete(topic);
  if (subscribers.size > 0 || !stream) return;
  stream.abort();
  stream = undefined;
}

import http from 'node:http';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path (and query) of the n-th request, when each names its own record; `url`'s otherwise. */
  path?: (n: number) => string;
  headers?: Record<string, string>;
  /** Headers of the n-th request besides `headers` (a save naming the version it read). */
  headersFor?: (n: number) => Record<string, string>;
  /** Called with each answer's headers (the version a save made), as its request was numbered. */
  answered?: (n: number, headers: http.IncomingHttpHeaders) => void;
  /** The body of the n-th request (n counts from 0 across all connections), for writes that must differ. */
  body?: (n: number) => string;
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx: a benchmark with any is not measuring what it says. */
  failures: number;
}

/**
 * autocannon's method without the dependency: `connections` keep-alive connections, each sending
 * its next request as soon as the previous answer is read, for `durationMs`.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const once = () =>
    new Promise<void>((resolve, reject) => {
      const body = options.body?.(sent);
      const path = options.path?.(sent) ?? target.pathname + target.search;
      const n = sent++;
      const begun = performance.now();
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path,
          method: options.method ?? 'GET',
          headers: { ...options.headers, ...options.headersFor?.(n), ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) },
        },
        (response) => {
          options.answered?.(n, response.headers);
          response.on('data', () => undefined);
          response.on('end', () => {
            latencies.push(performance.now() - begun);
            if (!response.statusCode || response.statusCode >= 300) failures++;
            resolve();
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), requests: latencies.length, failures };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

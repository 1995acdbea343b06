import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on a free local port (of 127.0.0.1, or another loopback address) that records every request it answers. */
export async function startFakeServer(handle: (request: RecordedRequest, response: ServerResponse) => unknown, host = '127.0.0.1'): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method!, url: new URL(incoming.url!, 'http://fake'), headers: incoming.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      void Promise.resolve(handle(request, response)).catch((error) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

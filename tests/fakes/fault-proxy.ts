import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** What the proxy does with connections: pass them on, accept and never answer, or refuse them (not listening). */
export type FaultMode = 'pass' | 'hang' | 'refuse';

export interface FaultProxy {
  url: string;
  /** Switches mode; every open connection is cut, so a client's kept-alive sockets see the new mode too. */
  set(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free port of 127.0.0.1 in front of `target` (host:port), to put a real peer
 * into a fault and out of it again on the same address: hung (the listener accepts and never
 * answers) or stopped (connections refused).
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let mode: FaultMode = 'pass';
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    // A hung peer reads nothing and sends nothing.
    if (mode === 'hang') return client.pause();
    const upstream = connect(Number(targetPort), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next) {
      cutAll();
      if (next === 'refuse' && server.listening) await new Promise((resolve) => server.close(resolve));
      if (next !== 'refuse' && !server.listening) await listen(port);
      mode = next;
    },
    async close() {
      cutAll();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A listener that accepts connections and never answers; also one that sends an answer's start and then stalls. */
export async function startSilentListener(kind: 'accept-only' | 'stall-after-headers'): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (kind === 'accept-only') return;
    // Any request is answered with headers that promise a body, ten bytes of it, and then nothing.
    socket.once('data', () =>
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\ncontent-length: 1000\r\nx-goog-stored-content-encoding: identity\r\nx-goog-generation: 1\r\nx-goog-hash: md5=AAAAAAAAAAAAAAAAAAAAAA==\r\n\r\n0123456789',
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface HangingPeer {
  port: number;
  /** Connections it accepted (and never answered). */
  accepted: number;
  close(): Promise<void>;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const closeAll = (server: Server, sockets: Set<Socket>) =>
  new Promise<void>((resolve) => {
    sockets.forEach((socket) => socket.destroy());
    server.close(() => resolve());
  });

/** A peer that accepts every TCP connection and never sends a byte: a hung SMTP server, Redis or HTTP source. */
export async function startHangingPeer(): Promise<HangingPeer> {
  const sockets = new Set<Socket>();
  const peer = { port: 0, accepted: 0, close: () => closeAll(server, sockets) };
  const server = createServer((socket) => {
    peer.accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  peer.port = await listen(server);
  return peer;
}

export interface FreezableRelay {
  url: string;
  /** From now on nothing passes either way and new connections are accepted but never answered. */
  freeze(): void;
  /** Passes bytes again; connections made while frozen are dropped, so the client reconnects. */
  thaw(): void;
  close(): Promise<void>;
}

/** A TCP relay to `target` that the test can freeze, as a peer that hangs (accepts, never answers) would. */
export async function startFreezableRelay(target: URL, defaultPort: number): Promise<FreezableRelay> {
  const sockets = new Set<Socket>();
  const frozenClients = new Set<Socket>();
  let frozen = false;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.on('close', () => sockets.delete(client));
    if (frozen) return void frozenClients.add(client);
    const upstream = createConnection(Number(target.port || defaultPort), target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => undefined);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    pairs.add({ client, upstream });
  });
  const port = await listen(server);
  return {
    url: `${target.protocol}//127.0.0.1:${port}${target.pathname}`,
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const { client, upstream } of pairs) {
        client.pipe(upstream).pipe(client);
        client.resume();
        upstream.resume();
      }
      frozenClients.forEach((socket) => socket.destroy());
      frozenClients.clear();
    },
    close: () => closeAll(server, sockets),
  };
}

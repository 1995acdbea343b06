import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { connect, isIP, type AddressInfo, type LookupFunction, type Socket } from 'node:net';
import { normalHost } from '../../src/shared';
import { sentence } from '../../src/i18n/serverMessage';

/** An HTTP CONNECT proxy on loopback that one SDK session is pointed at (its proxy host, port and credentials). */
export interface ConnectProxy {
  host: string;
  port: number;
  user: string;
  password: string;
  close(): Promise<void>;
}

export interface ConnectProxyOptions {
  /** Resolves a destination name, refusing it (an OutboundRefused error) when the policy does. */
  lookup: LookupFunction;
  /** Why a literal address is refused (literals skip the lookup), or null. */
  literalRefusal(address: string): string | null;
  /** The error a refusal raises (OutboundRefused), which the lookup's refusals are too. */
  Refused: new (message: string) => Error;
  /** Told of each refused destination, with the reason in words. */
  onRefused(error: Error): void;
}

const CONNECT_TARGET = /^(?:\[([0-9a-f:.]+)\]|([^:[\]/@\s]+)):(\d{1,5})$/i;

/**
 * Starts a CONNECT proxy for one session of an SDK that opens connections by itself where an answer
 * points it (Snowflake's stage clients): each tunnel's destination is resolved and checked by the
 * outbound policy as it opens, and the connection goes to the checked address. The proxy only
 * tunnels (plain proxied requests are refused) and only for the session's random credentials.
 */
export async function startConnectProxy({ lookup, literalRefusal, Refused, onRefused }: ConnectProxyOptions): Promise<ConnectProxy> {
  const user = 'session';
  const password = randomBytes(18).toString('base64url');
  const expected = Buffer.from(password);
  const sockets = new Set<Socket>();
  // The password alone is compared: Azure's client drops the user name the driver hands it.
  const authorised = (request: IncomingMessage) => {
    const [scheme, encoded = ''] = (request.headers['proxy-authorization'] ?? '').split(' ');
    const given = Buffer.from(
      Buffer.from(encoded, 'base64')
        .toString()
        .replace(/^[^:]*:/, ''),
    );
    return scheme === 'Basic' && given.length === expected.length && timingSafeEqual(given, expected);
  };
  const refuse = (client: Socket, status: string, error?: Error) => {
    if (error) onRefused(error);
    client.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const server = createServer((request, response) => {
    if (authorised(request)) onRefused(new Refused(sentence('outbound.refusedARequestToSent', { url: request.url ?? '' })));
    response.writeHead(405, { connection: 'close' }).end();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    if (!authorised(request)) return refuse(client, '407 Proxy Authentication Required');
    const match = CONNECT_TARGET.exec(request.url ?? '');
    const port = Number(match?.[3]);
    if (!match || port < 1 || port > 65535) return refuse(client, '400 Bad Request', new Refused(sentence('outbound.refusedATunnelToWhich', { url: request.url ?? '' })));
    const host = normalHost(match[1] ?? match[2]);
    const reason = isIP(host) ? literalRefusal(host) : null;
    if (reason) return refuse(client, '403 Forbidden', new Refused(reason));
    const upstream = connect({ host, port, lookup });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    let tunnelled = false;
    upstream.once('error', (error) => {
      if (tunnelled) client.destroy();
      else if (error instanceof Refused) refuse(client, '403 Forbidden', error);
      else refuse(client, '502 Bad Gateway');
    });
    upstream.once('connect', () => {
      tunnelled = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client).on('error', () => upstream.destroy());
      client.pipe(upstream);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    user,
    password,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of one port, for network faults a server's own stop cannot
 * make: cut() ends every connection through it at once with no goodbye (a failover, a dropped
 * path), hang() leaves connections open but carries nothing either way and keeps new ones waiting
 * (a hung server, a black-holed path) until resume().
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<[Socket, Socket]>();
  private waiting: Socket[] = [];
  private hung = false;
  port = 0;

  constructor(private readonly targetPort: number) {}

  async open(): Promise<void> {
    this.server = createServer((incoming) => {
      incoming.on('error', () => undefined);
      if (this.hung) this.waiting.push(incoming);
      else this.forward(incoming);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private forward(incoming: Socket): void {
    const outgoing = createConnection({ host: '127.0.0.1', port: this.targetPort });
    const pair: [Socket, Socket] = [incoming, outgoing];
    this.pairs.add(pair);
    outgoing.on('error', () => incoming.destroy());
    const end = () => {
      this.pairs.delete(pair);
      incoming.destroy();
      outgoing.destroy();
    };
    incoming.on('close', end);
    outgoing.on('close', end);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  }

  /** Destroys every open connection: each peer sees its socket end mid-conversation. */
  cut(): void {
    for (const [incoming, outgoing] of this.pairs) {
      incoming.destroy();
      outgoing.destroy();
    }
    this.pairs.clear();
  }

  hang(): void {
    this.hung = true;
    for (const [incoming, outgoing] of this.pairs) {
      incoming.unpipe(outgoing);
      outgoing.unpipe(incoming);
      incoming.pause();
      outgoing.pause();
    }
  }

  resume(): void {
    this.hung = false;
    for (const [incoming, outgoing] of this.pairs) {
      incoming.pipe(outgoing);
      outgoing.pipe(incoming);
    }
    for (const incoming of this.waiting) if (!incoming.destroyed) this.forward(incoming);
    this.waiting = [];
  }

  async close(): Promise<void> {
    this.cut();
    for (const incoming of this.waiting) incoming.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecordEvent } from '../../src/shared/live-events';
import type { SessionBus } from '../auth/session-bus';
import { isoNow, type Clock } from '../clock';
import type { RecordReader } from '../http/record-readers';

/** Proxies and browsers end a silent connection after a minute or so; a comment line every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;
/** How long a subscriber's right to hear of a deletion is kept, from the notice before the delete to the change after it. */
const DELETION_WINDOW_MS = 10_000;
/**
 * Changes a stream hears within this long of each other go out together, once each is checked: one
 * socket write per pause, not one per save, which under a stream of saves cost a tenth of each
 * save's time. The pause runs from the hearing, not the check: the checks of changes made together
 * (a bulk edit) end at different moments on a busy database, and still share one write. Far inside
 * the 2 s a screen has to learn of a change.
 */
const GATHER_MS = 25;

/** One open event stream: the request it came by, as whose reader every change is checked. */
interface Stream {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Records this person could read just before their delete, by resource and id: they hear of the deletion. */
  deletions: Map<string, NodeJS.Timeout>;
  /** Events checked for the next write, and the pause that started with the first change heard for it. */
  gathered: string[];
  writing?: NodeJS.Timeout;
  /** The last change heard, once checked and gathered: each change's check may end before an earlier one's, but is gathered after it. */
  checked: Promise<unknown>;
}

/** The record changes of this instance's event streams (GET /api/events), carried between instances by the session bus. */
export interface LiveEvents {
  /** A committed write of a record (the activity recorder's every write): every subscriber who may read it is told. */
  announce(request: FastifyRequest, change: Pick<RecordEvent, 'type' | 'resource' | 'id'>): Promise<void>;
  /** Before a delete: once it resolves, every instance knows which of its subscribers may read the record, which a deleted record no longer tells. */
  deleting(resource: string, id: string): Promise<void>;
  open(request: FastifyRequest, reply: FastifyReply): void;
  /** Ends every stream (the server stops): each browser reconnects, to whichever instance answers. */
  close(): void;
}

/** `readerOf`: a resource's in-process read (record-readers.ts), the very check its GET /:id makes: rank, guard and scope. */
export function liveEvents(bus: SessionBus, clock: Clock, readerOf: (resource: string) => RecordReader | undefined): LiveEvents {
  const streams = new Set<Stream>();
  let heartbeat: NodeJS.Timeout | undefined;
  const keyOf = (resource: string, id: string) => `${resource}/${id}`;

  // Asked of every open screen for every change: where the guard alone decides, the record is not read again for each.
  const mayRead = async (stream: Stream, resource: string, id: string) => {
    const read = readerOf(resource);
    if (read?.passes) return read.passes(stream.request, stream.reply).catch(() => false);
    return read !== undefined && (await read(stream.request, stream.reply, id).catch(() => undefined)) !== undefined;
  };
  const write = (stream: Stream) => {
    if (stream.gathered.length && streams.has(stream)) stream.reply.raw.write(stream.gathered.join(''));
    stream.gathered = [];
  };
  const gather = (stream: Stream, event: RecordEvent) => {
    stream.gathered.push(`data: ${JSON.stringify(event)}\n\n`);
  };
  /** A change was heard for the stream: the pause starts, and ends in a write once the changes heard so far are checked. */
  const heard = (stream: Stream) => {
    stream.writing ??= setTimeout(() => {
      stream.writing = undefined;
      void stream.checked.then(() => write(stream));
    }, GATHER_MS);
  };
  const end = (stream: Stream) => {
    clearTimeout(stream.writing);
    write(stream);
    streams.delete(stream);
    stream.reply.raw.end();
  };

  bus.subscribe(async (change) => {
    // No stream open: nothing is read.
    if (streams.size === 0) return;
    if (change && 'deleting' in change) {
      const { resource, id } = change.deleting;
      const key = keyOf(resource, id);
      await Promise.all(
        [...streams].map(async (stream) => {
          if (!(await mayRead(stream, resource, id))) return;
          clearTimeout(stream.deletions.get(key));
          stream.deletions.set(key, setTimeout(() => stream.deletions.delete(key), DELETION_WINDOW_MS).unref());
        }),
      );
      return;
    }
    // A session ended or an account's rights changed (or the bus missed changes): its streams close,
    // and a browser still signed in reconnects under its rights as they are now.
    for (const stream of streams) {
      const admin = stream.request.admin!;
      if (!change || ('sessionId' in change ? change.sessionId === admin.sessionId : change.adminId === admin.id)) end(stream);
    }
  });

  bus.onRecord(({ event, sessionId }) => {
    for (const stream of streams) {
      // The screen that made the change knows it.
      if (stream.request.admin!.sessionId === sessionId) continue;
      if (event.type === 'deleted') {
        const key = keyOf(event.resource, event.id);
        if (stream.deletions.has(key)) {
          clearTimeout(stream.deletions.get(key));
          stream.deletions.delete(key);
          stream.checked = stream.checked.then(() => gather(stream, event));
          heard(stream);
        }
        continue;
      }
      // Checked beside the changes before it, gathered after them: a screen hears changes in the order they were made.
      const may = mayRead(stream, event.resource, event.id);
      stream.checked = Promise.all([may, stream.checked]).then(([readable]) => readable && streams.has(stream) && gather(stream, event));
      heard(stream);
    }
  });

  return {
    async announce(request, change) {
      const admin = request.admin;
      if (!admin) return;
      await bus.announce({ event: { ...change, by: admin.name || admin.email, at: isoNow(clock) }, sessionId: admin.sessionId });
    },
    deleting: (resource, id) => bus.publish({ deleting: { resource, id } }),
    open(request, reply) {
      reply.hijack();
      // Hijacked, the reply skips the onSend hooks: the headers they would add are written here.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
      reply.raw.write(': open\n\n');
      const stream: Stream = { request, reply, deletions: new Map(), gathered: [], checked: Promise.resolve() };
      streams.add(stream);
      heartbeat ??= setInterval(() => streams.forEach((open) => open.reply.raw.write(': heartbeat\n\n')), HEARTBEAT_MS).unref();
      reply.raw.on('close', () => {
        streams.delete(stream);
        stream.deletions.forEach(clearTimeout);
        clearTimeout(stream.writing);
        if (streams.size > 0) return;
        clearInterval(heartbeat);
        heartbeat = undefined;
      });
    },
    close() {
      streams.forEach(end);
    },
  };
}

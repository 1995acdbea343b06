import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** A record as its own read route answers it: the response schema's encoding, through JSON (secrets are never in it). */
export type Snapshot = Record<string, unknown>;

/** Reads one record as the caller, as its read route would answer it; undefined where that route would not answer 200. */
export type RecordReader = (request: FastifyRequest, reply: FastifyReply, id: string) => Promise<Snapshot | undefined>;

/** The data of an envelope as the route's serializer writes it (fastify-type-provider-zod encodes, then JSON). */
export function snapshotOf(envelope: z.ZodType, answer: unknown): Snapshot | undefined {
  const encoded = envelope.safeEncode(answer);
  if (!encoded.success) return undefined;
  const data = (JSON.parse(JSON.stringify(encoded.data)) as { data?: unknown }).data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Snapshot) : undefined;
}

/**
 * Each resource's in-process read, registered by whoever serves its read route (crudRoutes for a
 * declared resource, a settings module for its setting), so the activity recorder reads a record
 * as a function call rather than a second request through the server. Kept per app context, so
 * two apps in one process (the tests) never share one.
 */
const registries = new WeakMap<object, Map<string, RecordReader>>();

export function recordReaders(owner: object): Map<string, RecordReader> {
  let readers = registries.get(owner);
  if (!readers) registries.set(owner, (readers = new Map()));
  return readers;
}

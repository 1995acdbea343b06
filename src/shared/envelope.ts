import { z } from 'zod';
import type { ResultCode } from './results';
import type { MessageParams } from './validation-messages';

/** Every response of the API, errors included. */
export interface Envelope<T = unknown> {
  result: ResultCode | string;
  resultMessage: string;
  data: T;
}

/** A page of a list. */
export interface ListPage<T> {
  list: T[];
  totalCount: number;
  totalPage: number;
  currentPage: number;
  /** Where the next page starts, for a list that pages by keyset; null on its last page. */
  nextCursor?: string | null;
  /** True when totalCount is a recent count of a large list rather than an exact one ("about"). */
  totalIsEstimate?: boolean;
}

/**
 * One field's problem in a 400 (or 409) answer: `message` is a validation message key
 * (validation-messages.ts) with the values its words name in `params`, which the browser words in
 * the reader's language; a server check without a key yet writes its words instead.
 */
export interface FieldError {
  field: string;
  message: string;
  params?: MessageParams;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/*
 * Response schemas. Every route declares the shape of its success answer with these, next to its
 * request schema in the resource's shared file: Fastify serialises the answer through it (a key the
 * schema does not name is dropped, a mismatch is a 500), the OpenAPI document shows it, and the
 * browser types its calls with it (`httpClient.get<typeof schema>`, a type-only import) instead of casting.
 */

/** The envelope around one success answer's data. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ result: z.string(), resultMessage: z.string(), data });
}

/**
 * The envelope of one named result, for a route whose success answers differ by result: a
 * `z.discriminatedUnion('result', [...])` of these lets the browser tell them apart by result alone.
 */
export function outcomeEnvelopeOf<R extends string, T extends z.ZodType>(result: R, data: T) {
  return z.object({ result: z.literal(result), resultMessage: z.string(), data });
}

/**
 * What a call to a route resolves to, read from the response schema the route declares. The browser
 * names the schema by type only (`import type`), so zod stays out of its bundle.
 */
export type EnvelopeOf<S extends z.ZodType> = z.output<S>;
/** The `data` of that answer. */
export type AnswerOf<S extends z.ZodType> = EnvelopeOf<S> extends { data: infer D } ? D : never;

/** The `data` of a list answer: one page of rows. */
export function listPageOf<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    totalCount: z.number(),
    totalPage: z.number(),
    currentPage: z.number(),
    nextCursor: z.string().nullable().optional(),
    totalIsEstimate: z.boolean().optional(),
  }) satisfies z.ZodType<ListPage<z.output<T>>>;
}

/** The envelope around one page of a list. */
export function listEnvelopeOf<T extends z.ZodType>(row: T) {
  return envelopeOf(listPageOf(row));
}

/** An answer that carries nothing (`data: null`): sign-out, password set, approvals. */
export const emptyEnvelope = envelopeOf(z.null());

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() }) satisfies z.ZodType<TokenPair>;

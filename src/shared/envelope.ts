import type { ResultCode } from './results';

/** Every response of the API, errors included (SPEC §8). */
export interface Envelope<T = unknown> {
  result: ResultCode | string;
  resultMessage: string;
  data: T;
}

/** A page of a list (SPEC §3 "Paged list"). */
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

export interface FieldError {
  field: string;
  message: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

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
}

export interface FieldError {
  field: string;
  message: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

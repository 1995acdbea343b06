/**
 * Bounds of every list's parameters (docs/api.md: sort, range, filter). The server refuses values past
 * them with a 400 naming the parameter; the one exception is a range wider than a page, which is
 * answered with maxPageSize rows (react-admin's exporter asks for 1000).
 */
export const LIST_BOUNDS = {
  /** Rows one page holds at most. */
  maxPageSize: 100,
  /** The furthest row a page may start at: OFFSET reads and drops every row before it, so deeper is filtered, not paged. */
  maxOffset: 100_000,
  /** Characters of a text filter value, `q` included. */
  maxText: 200,
  /** Values of one filter given as a list (getMany sends its ids this way). */
  maxValues: 500,
} as const;

/** The range of an `integer` column on PostgreSQL (int4); past it a filter value would be error 22003, not a miss. */
export const DB_INTEGER_MIN = -2_147_483_648;
export const DB_INTEGER_MAX = 2_147_483_647;

/** Text PostgreSQL can store: a NUL character is error 22021 there, so a filter holding one is a 400. */
// eslint-disable-next-line no-control-regex -- NUL is what this refuses
export const NO_NUL = /^[^\u0000]*$/;

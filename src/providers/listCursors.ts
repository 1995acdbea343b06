import type { GetListParams } from 'react-admin';

/**
 * Keyset positions of paged lists. A list answer may carry `nextCursor` (the system log does):
 * it is remembered as the start of the next page, so paging forward through a million rows costs
 * the same at page 400 as at page 1. Pages reached another way fall back to the offset.
 */
const cursors = new Map<string, string>();
const MAX_REMEMBERED = 500;

function listKey(resource: string, { filter, sort, pagination }: Partial<GetListParams>, page: number): string {
  return JSON.stringify([resource, filter ?? {}, sort ?? null, pagination?.perPage ?? null, page]);
}

export function cursorFor(resource: string, params: Partial<GetListParams>): string | undefined {
  return params.pagination ? cursors.get(listKey(resource, params, params.pagination.page)) : undefined;
}

export function rememberNextCursor(resource: string, params: Partial<GetListParams>, nextCursor: string | null | undefined): void {
  if (!nextCursor || !params.pagination) return;
  if (cursors.size >= MAX_REMEMBERED) cursors.delete(cursors.keys().next().value!);
  cursors.set(listKey(resource, params, params.pagination.page + 1), nextCursor);
}

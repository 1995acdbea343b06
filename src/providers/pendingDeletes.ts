import type { Identifier } from 'react-admin';

/**
 * Records deleted with Undo whose DELETE has not been sent yet. react-admin takes them out of the
 * lists it holds, but a list fetched during the undo window (the list a delete returns to refetches
 * on arrival) would get them back from the server: the data provider leaves them out of its answers
 * until the DELETE is sent or the person undoes.
 */
const held = new Map<string, Set<Identifier>>();

const key = (id: Identifier) => String(id);

export function holdBack(resource: string, ids: Identifier[]): void {
  const ofResource = held.get(resource) ?? new Set<Identifier>();
  for (const id of ids) ofResource.add(key(id));
  held.set(resource, ofResource);
}

export function release(resource: string, ids: Identifier[]): void {
  const ofResource = held.get(resource);
  for (const id of ids) ofResource?.delete(key(id));
}

export function isHeldBack(resource: string, id: Identifier): boolean {
  return held.get(resource)?.has(key(id)) ?? false;
}

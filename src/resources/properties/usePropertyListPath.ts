import { useCallback } from 'react';
import { useStoreContext } from 'react-admin';
import type { PropertyKind } from '../../shared';
import { propertyListPath, propertyListStoreKey } from './propertyListPath';

/**
 * The list of a kind as the user left it (search, region, sort, page). react-admin's own 'list'
 * redirect restores these from the store, but a URL naming the tab would otherwise reset them.
 */
export function usePropertyListPath() {
  const store = useStoreContext();
  return useCallback((kind: PropertyKind) => propertyListPath(kind, store.getItem(propertyListStoreKey(kind))), [store]);
}

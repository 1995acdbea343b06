import { useLocation } from 'react-admin';
import type { PropertyKind } from '../../shared';
import { kindOf } from './propertyListPath';

/** The kind named in the page's `?kind=`: the list's tab, or the kind a new property gets. */
export function usePropertyKind(): PropertyKind {
  const { search } = useLocation();
  return kindOf(new URLSearchParams(search).get('kind'));
}

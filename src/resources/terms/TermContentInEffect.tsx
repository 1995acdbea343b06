import { useRecordContext } from 'react-admin';
import type { Term } from '../../shared';
import { TermContentField } from '../../components/TermContentField';

/** The content of the version in effect. */
export function TermContentInEffect(_props: { label?: string }) {
  const term = useRecordContext<Term>();
  const inEffect = term?.versions.find((version) => version.status === 'IN_EFFECT');
  if (!inEffect) return null;
  return <TermContentField record={inEffect} />;
}

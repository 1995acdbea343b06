import { RichTextField, useRecordContext } from 'react-admin';
import type { Term } from '../../shared';

/** The sanitised HTML of the version in effect (react-admin's RichTextField purifies it once more). */
export function TermContentInEffect(_props: { label?: string }) {
  const term = useRecordContext<Term>();
  const inEffect = term?.versions.find((version) => version.status === 'IN_EFFECT');
  if (!inEffect) return null;
  return <RichTextField record={inEffect} source="content" />;
}

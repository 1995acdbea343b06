import type { MouseEvent, ReactNode } from 'react';
import { Link, useCreatePath, useDataTableCallbacksContext, useGetRecordRepresentation, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';

/** Where a record opens: a path, and navigation state for the screen it opens (a project's name for the top bar). */
export interface RecordTarget {
  to: string;
  state?: unknown;
}

interface RecordLinkProps<RecordType extends RaRecord> {
  /** The record's value shown as the link's text (its name, e-mail, title…). */
  source?: string;
  /** Where the record opens when the DataTable's rowClick is a function; by default the rowClick's view ('edit' or 'show'). */
  target?: (record: RecordType) => RecordTarget;
  /** The link's text when the value is a code drawn as words (`<PropertyCodeField …/>`). */
  children?: ReactNode;
}

/**
 * A record's name as a real link to what a click on its row opens, for a DataTable column
 * (`<Column source="email" field={RecordLink} />`): the row is only a mouse target, while the link is
 * reached by Tab, opened by Enter, announced as a link, and can open in a new tab.
 */
export function RecordLink<RecordType extends RaRecord = RaRecord>({ source, target, children }: RecordLinkProps<RecordType>) {
  const record = useRecordContext<RecordType>();
  const resource = useResourceContext();
  const { rowClick } = useDataTableCallbacksContext();
  const createPath = useCreatePath();
  const represent = useGetRecordRepresentation(resource);
  if (!record) return null;
  const value = source ? (record as Record<string, unknown>)[source] : undefined;
  // An empty value would make a link with no name: the record's representation stands in.
  const text = children ?? (value == null || value === '' ? represent(record) : String(value));
  const opened = target ? target(record) : rowClick === 'edit' || rowClick === 'show' ? { to: createPath({ resource, id: record.id, type: rowClick }) } : undefined;
  if (!opened) return <>{text}</>;
  return (
    <Link to={opened.to} state={opened.state} underline="hover" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {text}
    </Link>
  );
}

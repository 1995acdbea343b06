import { useRecordContext, useTranslate } from 'react-admin';
import type { Property, PropertyKind } from '../../shared';

/** "New Country" on create; "Country KR" on edit and show. */
export function PropertyTitle({ kind }: { kind?: PropertyKind }) {
  const record = useRecordContext<Property>();
  const translate = useTranslate();
  const kindName = translate(`resources.properties.kinds.${kind ?? record?.kind}`, { smart_count: 1 });
  return <span>{record ? translate('resources.properties.titles.edit', { kind: kindName, code: record.code }) : translate('resources.properties.titles.create', { kind: kindName })}</span>;
}

import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Property, PropertyKind } from '../../shared';
import { codeWords } from '../../shared/code-sets';

/**
 * The form's heading, naming the kind the tab fixed: "New Country" on create, "Country KR" on edit
 * and show. In the page, not the top bar, whose title is the screen's (ScreenTitle).
 */
export function PropertyTitle({ kind }: { kind?: PropertyKind }) {
  const record = useRecordContext<Property>();
  const translate = useTranslate();
  const kindName = codeWords(translate, 'propertyKind', kind ?? record?.kind ?? '');
  return (
    <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
      {record ? translate('resources.properties.titles.edit', { kind: kindName, code: record.code }) : translate('resources.properties.titles.create', { kind: kindName })}
    </Typography>
  );
}

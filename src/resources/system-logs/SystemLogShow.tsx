import { NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { Box } from '@mui/material';
import type { SystemLogEntry } from '../../shared';
import { HttpStatusField } from './HttpStatusField';

/** JSON is shown indented; anything else as it was stored. */
function pretty(value: string | null): string {
  if (!value) return '';
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

function PrettyJsonField({ source }: { source: 'requestBody' | 'queryParam'; label?: string }) {
  const record = useRecordContext<SystemLogEntry>();
  if (!record?.[source]) return null;
  return (
    <Box component="pre" tabIndex={0} sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}>
      {pretty(record[source])}
    </Box>
  );
}

export function SystemLogShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ConsoleDateField source="requestAt" showTime />
        <TextField source="eventId" />
        <NumberField source="adminId" />
        <TextField source="email" />
        <TextField source="httpMethod" />
        <TextField source="endPoint" />
        <HttpStatusField label="resources.system-logs.fields.httpStatus" />
        <TextField source="sourceIp" />
        <PrettyJsonField source="queryParam" label="resources.system-logs.fields.queryParam" />
        <PrettyJsonField source="requestBody" label="resources.system-logs.fields.requestBody" />
      </SimpleShowLayout>
    </Show>
  );
}

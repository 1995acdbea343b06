import { Box, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminDetail } from '../../shared';
import { usePropertyName } from '../../components/usePropertyName';

/** Connected countries by region, and data types by advertiser, as labelled groups of chips. */
export function ConnectedGroupsField({ source }: { source: 'connectedCountries' | 'connectedDataTypes'; label?: string }) {
  const record = useRecordContext<AdminDetail>();
  const translate = useTranslate();
  const nameOf = usePropertyName();
  if (!record) return null;
  const groups =
    source === 'connectedCountries'
      ? record.connectedCountries.map((group) => ({ key: nameOf('regions', { code: group.groupCode, name: group.groupName }), members: group.member.map((member) => nameOf('countries', member)) }))
      : record.connectedDataTypes.map((group) => ({ key: group.groupName, members: group.member.map((member) => member.name) }));
  if (!groups.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(source === 'connectedCountries' ? 'resources.users.messages.noCountries' : 'resources.users.messages.noDataTypes')}
      </Typography>
    );
  return (
    <Stack spacing={1}>
      {groups.map((group) => (
        <Box key={group.key}>
          <Typography variant="caption" color="text.secondary">
            {group.key}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
            {group.members.map((member) => (
              <Chip key={member} size="small" label={member} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RecordContextProvider, useGetList, usePermissions, useTranslate } from 'react-admin';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import type { ConsolePermissions } from '../../providers/authProvider';
import type { ActivityEntry, ActivityResource } from '../../shared/activity';
import { AREA_RANK, rankAllows } from '../../shared/ranks';
import { ActivityChangesField, ActivitySentenceField } from './ActivityWords';
import { RestoreButton } from './RestoreButton';
import { RevertButton } from './RevertButton';

const HISTORY_ROWS = 10;

/**
 * A record's history under its show page: who changed it, when and how, newest first, with a link
 * to the Activity screen filtered to it for those who may open that screen. Each change offers its
 * revert to those whose rank reaches `writeRank`, the rank that edits the record (per entry where
 * entries change different records: a project's share changes).
 */
export function RecordHistory({ resource, id: given, writeRank }: { resource: ActivityResource; id?: string; writeRank?: number | ((entry: ActivityEntry) => number | undefined) }) {
  const translate = useTranslate();
  const params = useParams();
  const id = given ?? params.id;
  const { permissions } = usePermissions<ConsolePermissions>();
  const { data, total, isPending } = useGetList<ActivityEntry>(
    'activity',
    { filter: { resource, recordId: id }, sort: { field: 'occurredAt', order: 'DESC' }, pagination: { page: 1, perPage: HISTORY_ROWS } },
    { enabled: Boolean(id) },
  );
  if (!id || isPending) return null;
  const filter = encodeURIComponent(JSON.stringify({ resource, recordId: id }));
  return (
    <Card component="section" aria-labelledby="record-history-title" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="record-history-title" component="h2" variant="h6" gutterBottom>
          {translate('console.activity.historyOf')}
        </Typography>
        {data?.length ? (
          <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {data.map((entry) => (
              <Box component="li" key={entry.id}>
                <RecordContextProvider value={entry}>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ mr: 1, whiteSpace: 'nowrap' }}>
                    {formatConsoleDate(entry.occurredAt, true)}
                  </Typography>
                  <ActivitySentenceField />
                  <ActivityChangesField />
                  <RevertButton entry={entry} writeRank={typeof writeRank === 'function' ? writeRank(entry) : writeRank} />
                  <RestoreButton entry={entry} />
                </RecordContextProvider>
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography variant="body2">{translate('console.activity.noHistory')}</Typography>
        )}
        {permissions && rankAllows(AREA_RANK.systemLog, permissions.rank) && (total ?? 0) > 0 && (
          <Link component={RouterLink} to={`/log/activity?filter=${filter}`} sx={{ display: 'inline-block', mt: 1.5 }}>
            {translate('console.activity.showAll')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

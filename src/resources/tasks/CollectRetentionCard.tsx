import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiRead } from '../../components/useApi';
import { ApiError } from '../../providers/apiError';
import { CollectRetentionField } from './CollectRetentionField';

/** How long finished tasks and master rows are kept (rank 1, beside the system log's own retention). */
export function CollectRetentionCard() {
  const translate = useTranslate();
  const { data: settings, error } = useApiRead(['collect-retention'], (api) => api.getCollectRetention(), { retry: false });
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate('resources.tasks.retention.title')}
        </Typography>
        {error && <Alert severity="error">{error instanceof ApiError ? error.text : String(error)}</Alert>}
        {settings && (
          <>
            <CollectRetentionField kind="tasks" initialDays={settings.tasks} />
            <CollectRetentionField kind="master-rows" initialDays={settings['master-rows']} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

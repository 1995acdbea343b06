import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectRetentionSettings } from '../../shared';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/apiError';
import { CollectRetentionField } from './CollectRetentionField';

/** How long finished tasks and master rows are kept (rank 1, beside the system log's own retention). */
export function CollectRetentionCard() {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const [settings, setSettings] = useState<CollectRetentionSettings>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    dataProvider.getCollectRetention().then(
      (answer) => setSettings(answer.data),
      (error: unknown) => setProblem(error instanceof ApiError ? error.text : String(error)),
    );
  }, [dataProvider]);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate('resources.tasks.retention.title')}
        </Typography>
        {problem && <Alert severity="error">{problem}</Alert>}
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

import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { retentionInput } from '../../shared';
import { ApiError } from '../../providers/apiError';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { RetentionDaysForm } from '../../components/RetentionDaysForm';
import { useApiRead } from '../../components/useApi';

/** How long the log keeps its rows (the server also prunes hourly); after a save the table reloads. */
export function RetentionSetting() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { data, error } = useApiRead(['system-logs', 'retention'], (api) => api.getLogRetention(), { retry: false });
  const retentionDays = data?.retentionDays;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate('resources.system-logs.retention.title')}
        </Typography>
        {error && <Alert severity="error">{error instanceof ApiError ? error.text : String(error)}</Alert>}
        {retentionDays !== undefined && (
          <RetentionDaysForm
            name="retentionDays"
            initialDays={retentionDays}
            schema={retentionInput}
            messages="resources.system-logs.retention"
            sharedMessages="resources.system-logs.retention"
            preview={(days) => (api) => api.previewLogRetention(days)}
            store={(days) => (api) => api.setLogRetention(days)}
            dateOf={formatConsoleDate}
            onSaved={refresh}
          />
        )}
      </CardContent>
    </Card>
  );
}

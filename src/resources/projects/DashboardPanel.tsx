import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TableauViz } from './TableauViz';
import { useDashboardToken } from './useDashboardToken';

/** The embedded dashboard of a project, or a plain sentence saying why it cannot be shown. */
export function DashboardPanel({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const { state, retry } = useDashboardToken(projectId);
  const [loadError, setLoadError] = useState<string>();
  const again = () => {
    setLoadError(undefined);
    retry();
  };
  return (
    <Card variant="outlined" component="section" aria-label={translate('resources.projects.dashboard.title')}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('resources.projects.dashboard.title')}
        </Typography>
        {state.status === 'loading' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }}>
            <CircularProgress size={20} aria-label={translate('resources.projects.dashboard.loading')} />
            <Typography color="text.secondary">{translate('resources.projects.dashboard.loading')}</Typography>
          </Box>
        )}
        {state.status === 'notConfigured' && <Alert severity="info">{translate('resources.projects.dashboard.notConfigured')}</Alert>}
        {state.status === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={again}>
                {translate('resources.projects.dashboard.retry')}
              </Button>
            }
          >
            {translate('resources.projects.dashboard.failed', { message: state.message })}
          </Alert>
        )}
        {state.status === 'ready' && (
          <>
            {loadError !== undefined && (
              <Alert
                severity="warning"
                sx={{ mb: 1 }}
                action={
                  <Button color="inherit" size="small" onClick={again}>
                    {translate('resources.projects.dashboard.retry')}
                  </Button>
                }
              >
                {translate('resources.projects.dashboard.unreachable')}
              </Alert>
            )}
            <Typography variant="caption" color="text.secondary">
              {translate('resources.projects.dashboard.view', { viewName: state.dashboard.viewName })}
            </Typography>
            <TableauViz src={state.dashboard.src} token={state.dashboard.token} onLoadError={setLoadError} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { Alert, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Stands in for a screen that is not built yet, saying so plainly. `title` is the screen's message key. */
export function UnderConstruction({ title }: { title: string }) {
  const translate = useTranslate();
  const screen = translate(title);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={screen} />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {screen}
        </Typography>
        <Alert severity="info">
          <strong>{translate('console.underConstruction.title')}</strong> — {translate('console.underConstruction.message', { screen })}
        </Alert>
      </CardContent>
    </Card>
  );
}

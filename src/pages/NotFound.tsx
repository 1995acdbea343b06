import { Button, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH } from '../routes/paths';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('console.notFound.title')} />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('console.notFound.title')}
        </Typography>
        <Typography gutterBottom>{translate('console.notFound.message')}</Typography>
        <Button component={RouterLink} to={HOME_PATH} variant="contained">
          {translate('console.notFound.home')}
        </Button>
      </CardContent>
    </Card>
  );
}

import { Button, Card, CardContent, Typography } from '@mui/material';
import { LinkBase, Title, useTranslate } from 'react-admin';
import { HOME_PATH } from '../shared/paths';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('console.notFound.title')} />
      <CardContent>
        <Typography component="h2" variant="h5" gutterBottom>
          {translate('console.notFound.title')}
        </Typography>
        <Typography gutterBottom>{translate('console.notFound.message')}</Typography>
        <Button component={LinkBase} to={HOME_PATH} variant="contained">
          {translate('console.notFound.home')}
        </Button>
      </CardContent>
    </Card>
  );
}

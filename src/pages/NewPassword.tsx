import { Link } from '@mui/material';
import { LinkBase, useParams, useTranslate } from 'react-admin';
import { PublicPage } from '../components/PublicPage';
import { SIGN_IN_PATH } from '../shared/paths';
import { RequestResetForm } from './newPassword/RequestResetForm';
import { SetNewPasswordForm } from './newPassword/SetNewPasswordForm';

/** `/new-password` asks for the link; `/new-password/:token` is where the link lands. */
export function NewPassword() {
  const translate = useTranslate();
  const { token } = useParams();
  return (
    <PublicPage title={translate(token ? 'console.newPassword.title' : 'console.newPassword.requestTitle')}>
      {token ? <SetNewPasswordForm token={token} /> : <RequestResetForm />}
      <Link component={LinkBase} to={SIGN_IN_PATH} sx={{ display: 'block', mt: 3 }}>
        {translate('console.newPassword.backToSignIn')}
      </Link>
    </PublicPage>
  );
}

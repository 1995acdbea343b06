import type { ReactNode } from 'react';
import { Alert, AlertTitle, Link } from '@mui/material';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import { privilegeAllows, type ProjectDetail } from '../../shared';
import { detailLink } from './projectChoices';

/**
 * The modify form only for editors and owners (the server's rule for PUT /projects/:id); anyone
 * else is told so on opening, rather than refused after filling the whole form.
 */
export function ModifyGate({ children }: { children: ReactNode }) {
  const record = useRecordContext<ProjectDetail>();
  const translate = useTranslate();
  if (!record) return null;
  if (privilegeAllows(record.myPrivilege, 'EDITOR')) return children;
  const link = detailLink(record);
  return (
    <Alert severity="warning" sx={{ m: 2 }}>
      <AlertTitle>{translate('resources.projects.messages.cannotModify')}</AlertTitle>
      {translate('resources.projects.messages.cannotModifyHelp')}{' '}
      <Link component={LinkBase} to={link.to} state={link.state}>
        {translate('resources.projects.messages.backToDetail')}
      </Link>
    </Alert>
  );
}

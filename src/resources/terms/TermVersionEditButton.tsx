import { useState } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import { Alert } from '@mui/material';
import { Button, EditBase, SimpleForm, useNotify, useRecordContext, useRefresh, useShowContext, useTranslate } from 'react-admin';
import type { CommandMeta } from '../../providers/dataProvider';
import { termVersionInput, type TermVersion } from '../../shared';
import { TermReacceptanceNotice } from './TermReacceptanceNotice';
import { TermVersionDialog } from './TermVersionDialog';
import { TermVersionFormToolbar } from './TermVersionFormToolbar';
import { TermVersionInputs } from './TermVersionInputs';
import { openedNow, versionPayload, versionValidator } from './termVersionForm';

const payload = versionPayload(Object.keys(termVersionInput.shape));
const validate = versionValidator(termVersionInput);

/**
 * Edits the version of its table row. A scheduled version is changed in place; one that has taken
 * effect is never changed, so its form starts a new version (new label, start from now on).
 */
export function TermVersionEditButton(_props: { label?: string }) {
  const version = useRecordContext<TermVersion>();
  // The term on show: an edit changes it, so it names the term's version as shown (a version row has none of its own).
  const { record: term } = useShowContext();
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!version) return null;
  const takenEffect = version.status !== 'SCHEDULED';
  const close = () => setOpen(false);
  const meta: CommandMeta = { held: term };
  const onSuccess = (saved: TermVersion) => {
    if (saved.replacesDetailId) notify('resources.terms.notifications.replaced', { type: 'success', messageArgs: { previous: version.termsVersion, version: saved.termsVersion } });
    else notify('resources.terms.notifications.saved', { type: 'success', messageArgs: { version: saved.termsVersion } });
    close();
    refresh();
  };
  return (
    <>
      <Button label={takenEffect ? 'resources.terms.actions.editAsNew' : 'resources.terms.actions.edit'} onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      {open && (
        <TermVersionDialog title={translate(takenEffect ? 'resources.terms.dialogs.editAsNew' : 'resources.terms.dialogs.edit', { version: version.termsVersion })} onClose={close}>
          {takenEffect && <TermReacceptanceNotice termId={version.termId} />}
          {/* The show view's rank guard covers this form; canAccess knows only the `terms` resource. */}
          <EditBase resource={`terms/${version.termId}/versions`} id={version.id} mutationMode="pessimistic" redirect={false} transform={payload} mutationOptions={{ onSuccess, meta }}>
            {takenEffect && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {translate('resources.terms.dialogs.takenEffect', { version: version.termsVersion })}
              </Alert>
            )}
            <SimpleForm validate={validate} record={takenEffect ? { ...version, termsVersion: '', ...openedNow() } : undefined} toolbar={<TermVersionFormToolbar onCancel={close} />}>
              <TermVersionInputs />
            </SimpleForm>
          </EditBase>
        </TermVersionDialog>
      )}
    </>
  );
}

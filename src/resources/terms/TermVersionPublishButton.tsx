import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, CreateBase, SimpleForm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { CommandMeta } from '../../providers/dataProvider';
import { termVersionInput, type Term, type TermVersion } from '../../shared';
import { TermReacceptanceNotice } from './TermReacceptanceNotice';
import { TermVersionDialog } from './TermVersionDialog';
import { TermVersionFormToolbar } from './TermVersionFormToolbar';
import { TermVersionInputs } from './TermVersionInputs';
import { openedNow, versionPayload, versionValidator } from './termVersionForm';

const payload = versionPayload(Object.keys(termVersionInput.shape));
const validate = versionValidator(termVersionInput);

/** Opens the form that publishes a new version of the term on show (POST /api/terms/{id}/versions). */
export function TermVersionPublishButton() {
  const term = useRecordContext<Term>();
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!term) return null;
  const close = () => setOpen(false);
  // A publish changes the term: it names the term's version as shown, so one changed since is refused (412) rather than published over.
  const meta: CommandMeta = { held: term };
  const onSuccess = (published: TermVersion) => {
    notify('resources.terms.notifications.published', { type: 'success', messageArgs: { version: published.termsVersion } });
    close();
    refresh();
  };
  return (
    <>
      <Button label="resources.terms.actions.publish" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      {open && (
        <TermVersionDialog title={translate('resources.terms.dialogs.publish', { title: term.title })} onClose={close}>
          <TermReacceptanceNotice termId={term.id} />
          {/* The show view's rank guard covers this form; canAccess knows only the `terms` resource. */}
          <CreateBase resource={`terms/${term.id}/versions`} redirect={false} transform={payload} mutationOptions={{ onSuccess, meta }}>
            <SimpleForm validate={validate} defaultValues={openedNow()} toolbar={<TermVersionFormToolbar onCancel={close} />}>
              <TermVersionInputs />
            </SimpleForm>
          </CreateBase>
        </TermVersionDialog>
      )}
    </>
  );
}

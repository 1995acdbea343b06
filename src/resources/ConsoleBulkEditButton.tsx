import { cloneElement, useId, useState, type ReactElement } from 'react';
import { Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, FormControlLabel, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Form, useListContext, useNotify, useResourceContext, useTranslate, useUpdateMany } from 'react-admin';
import { DialogHeading } from '../components/DialogHeading';
import { useApiErrorToast } from '../components/useApiErrorToast';

/** A value as the confirmation words it: a flag as Yes/No, nothing as "empty", any other as it is. */
function valueWords(value: unknown, translate: ReturnType<typeof useTranslate>): string {
  if (value === 'Y') return translate('ra.boolean.true');
  if (value === 'N') return translate('ra.boolean.false');
  if (value === null || value === undefined || value === '') return translate('console.bulkEdit.empty');
  return String(value);
}

interface Props<Field extends string> {
  /** The declaration's `bulkEdit` fields, each with its input (the edit form's, with a default value shown when picked). */
  inputs: Record<Field, ReactElement<{ source?: string }>>;
}

/**
 * "Edit selected" in a list's bulk toolbar, for a resource whose declaration names bulk-editable
 * fields: one form where the person picks which of those fields to change, one confirmation saying
 * how many records change and how, then one request (the data provider's updateMany: PATCH with the
 * ids and the changes). Undoable, as a delete: the rows change at once and the request goes when
 * the "changed — Undo" notice closes.
 */
export function ConsoleBulkEditButton<Field extends string>({ inputs }: Props<Field>) {
  const resource = useResourceContext();
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useApiErrorToast();
  const [updateMany] = useUpdateMany();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Field[]>([]);
  const [changes, setChanges] = useState<Record<string, unknown> | null>(null);
  const titleId = useId();
  const fields = Object.keys(inputs) as Field[];
  if (!resource) return null;
  const count = selectedIds.length;
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`);
  const close = () => {
    setOpen(false);
    setPicked([]);
    setChanges(null);
  };
  const toggle = (field: Field) => setPicked((now) => (now.includes(field) ? now.filter((one) => one !== field) : fields.filter((one) => one === field || now.includes(one))));
  const apply = () => {
    if (!changes) return;
    const ids = [...selectedIds];
    updateMany(
      resource,
      { ids, data: changes },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify('console.bulkEdit.changed', { type: 'info', messageArgs: { smart_count: ids.length }, undoable: true });
          onUnselectItems(true);
        },
        onError: showError,
      },
    );
    close();
  };
  const described = changes
    ? translate('console.bulkEdit.confirm', {
        smart_count: count,
        name: translate(`resources.${resource}.name`, { smart_count: count }),
        changes: Object.entries(changes)
          .map(([field, value]) => translate('console.bulkEdit.setTo', { field: label(field), value: valueWords(value, translate) }))
          .join(translate('console.bulkEdit.and')),
      })
    : '';

  return (
    <>
      <Button label="console.bulkEdit.button" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogHeading id={titleId} title={translate('console.bulkEdit.title', { smart_count: count })} onClose={close} />
        {changes ? (
          <>
            <DialogContent>
              <DialogContentText>{described}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button label="console.bulkEdit.back" onClick={() => setChanges(null)} />
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation's own answer takes the focus, as react-admin's Confirm does */}
              <Button label={translate('console.bulkEdit.apply', { smart_count: count })} variant="contained" onClick={apply} autoFocus />
            </DialogActions>
          </>
        ) : (
          <Form onSubmit={(values: Record<string, unknown>) => setChanges(Object.fromEntries(picked.map((field) => [field, values[field] ?? null])))}>
            <DialogContent>
              <DialogContentText>{translate('console.bulkEdit.hint')}</DialogContentText>
              <Stack>
                {fields.map((field, index) => (
                  <div key={field}>
                    <FormControlLabel
                      // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself (WAI-ARIA dialog pattern)
                      control={<Checkbox checked={picked.includes(field)} onChange={() => toggle(field)} autoFocus={index === 0} />}
                      label={translate('console.bulkEdit.pick', { field: label(field) })}
                    />
                    {picked.includes(field) && cloneElement(inputs[field], { source: field })}
                  </div>
                ))}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button label="ra.action.cancel" onClick={close} />
              <Button label="console.bulkEdit.next" type="submit" variant="contained" disabled={picked.length === 0} />
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import {
  BulkDeleteWithConfirmButton,
  DeleteWithConfirmButton,
  SaveButton,
  Toolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
  useUnselect,
  type BulkDeleteWithConfirmButtonProps,
  type DeleteWithConfirmButtonProps,
  type Identifier,
} from 'react-admin';
import { deleteModeOf } from './deleteModes';
import type { DeleteManyMeta } from '../providers/dataProvider';
import { holdBack, release } from '../providers/pendingDeletes';
import { UNDO_ACTION } from '../layout/undoNotice';

/**
 * The "<noun> deleted" notice with Undo, as react-admin raises it, that also holds the records
 * back from lists fetched before the DELETE goes; undoing lets them be listed again and refetches
 * what may have been fetched without them.
 */
export function useDeletedWithUndo(resource: string, message = `resources.${resource}.notifications.deleted`) {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return (ids: Identifier[]) => {
    holdBack(resource, ids);
    const undone = () => {
      release(resource, ids);
      void queryClient.invalidateQueries({ queryKey: [resource] });
    };
    notify(message, {
      type: 'info',
      messageArgs: { smart_count: ids.length, _: translate('ra.notification.deleted', { smart_count: ids.length }) },
      undoable: true,
      [UNDO_ACTION]: undone,
    });
  };
}

/**
 * The one delete button of the console's screens. It always asks first (react-admin's own
 * DeleteButton skips the question when the delete is undoable), and its resource decides the mode
 * (deleteModes.ts): undoable, so the record leaves the screen at once and the DELETE is sent when
 * the "deleted — Undo" notice closes; or waiting for the server, with react-admin's own outcome.
 */
export function ConsoleDeleteButton(props: Omit<DeleteWithConfirmButtonProps, 'mutationMode'>) {
  const resource = useResourceContext(props);
  const record = useRecordContext(props);
  const deletedWithUndo = useDeletedWithUndo(resource ?? '');
  const unselect = useUnselect(resource);
  const redirect = useRedirect();
  // null outside a form (a show screen's delete)
  const form = useFormContext();
  if (!resource || record?.id == null) return null;
  const mode = deleteModeOf(resource);
  if (mode !== 'undoable') return <DeleteWithConfirmButton {...props} mutationMode={mode} />;
  // react-admin's own success steps for a delete, with the notice above.
  const onSuccess = () => {
    deletedWithUndo([record.id]);
    unselect([record.id], true);
    form?.reset(undefined, { keepValues: true });
    redirect(props.redirect ?? 'list', resource);
  };
  return <DeleteWithConfirmButton {...props} mutationMode={mode} mutationOptions={{ ...props.mutationOptions, onSuccess }} />;
}

/** The list's delete of the selected rows: asks first, mode as ConsoleDeleteButton. */
export function ConsoleBulkDeleteButton(props: Omit<BulkDeleteWithConfirmButtonProps, 'mutationMode'>) {
  const resource = useResourceContext(props);
  const { data, selectedIds, onUnselectItems } = useListContext();
  const deletedWithUndo = useDeletedWithUndo(resource ?? '');
  if (!resource) return null;
  const mode = deleteModeOf(resource);
  // The selected rows as listed, with their versions: a row someone changed since is refused, not deleted (dataProvider.deleteMany).
  const meta: DeleteManyMeta = { ...props.mutationOptions?.meta, previousData: (data ?? []).filter((record) => selectedIds.includes(record.id)) };
  if (mode !== 'undoable') return <BulkDeleteWithConfirmButton {...props} mutationMode={mode} mutationOptions={{ ...props.mutationOptions, meta }} />;
  const onSuccess = (_deleted: unknown, variables: { ids?: Identifier[] }) => {
    deletedWithUndo(variables.ids ?? []);
    onUnselectItems(true);
  };
  return <BulkDeleteWithConfirmButton {...props} mutationMode={mode} mutationOptions={{ ...props.mutationOptions, meta, onSuccess }} />;
}

/** An edit form's toolbar: Save, and the console's delete (react-admin's default toolbar carries its own delete). */
export function ConsoleEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <ConsoleDeleteButton />
    </Toolbar>
  );
}

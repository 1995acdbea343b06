import { useCallback, useMemo } from 'react';
import { useVersionConflicts } from './versionConflicts';
import { useGetRecordRepresentation, useNotify, useRedirect, useResourceContext, useTranslate, type RaRecord, type RedirectionSideEffect } from 'react-admin';

/**
 * Save options for a Create or Edit whose success toast names what happened with the record's
 * name ("Domain acme.com added"): react-admin's own toast has no record to name. The toast is
 * `resources.<resource>.notifications.<saved>` with %{name}; react-admin's wording stays as the
 * fallback. Spread on the Create/Edit in place of its `redirect`, which this success runs too.
 */
export function useSaveNotice(saved: 'created' | 'updated', redirectTo: RedirectionSideEffect) {
  const resource = useResourceContext();
  const nameOf = useGetRecordRepresentation(resource);
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  const onSuccess = useCallback(
    (record: RaRecord) => {
      notify(`resources.${resource}.notifications.${saved}`, {
        type: 'info',
        messageArgs: { name: String(nameOf(record)), smart_count: 1, _: translate(`ra.notification.${saved}`, { smart_count: 1 }) },
      });
      redirect(redirectTo, resource, record.id, record);
    },
    [nameOf, notify, redirect, redirectTo, resource, saved, translate],
  );
  // A save refused because someone changed the record meanwhile opens the conflict dialog.
  const onError = useVersionConflicts(onSuccess);
  // One object for the form's life: a new one each render would renew react-admin's save callback
  // and re-render the inputs while someone types.
  return useMemo(
    () => ({
      mutationOptions: { onSuccess, onError },
    }),
    [onSuccess, onError],
  );
}

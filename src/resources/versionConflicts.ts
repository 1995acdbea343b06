import { useMemo } from 'react';
import { HttpError, useNotify, useResourceContext, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { VERSION_FIELD, type StaleVersion } from '../shared/record-versions';

/** A save refused because someone changed the record since the form opened it: what the conflict dialog shows and does. */
export interface VersionConflict {
  resource: string;
  id: Identifier;
  /** The record as it is now, with its version. */
  theirs: RaRecord;
  /** The values the refused save sent: the person's unsaved work. */
  yours: Record<string, unknown>;
  /** The record as the form opened it. */
  previous: Partial<RaRecord>;
  stale: StaleVersion;
  /** Writes `yours` again, over their version: the second, explicit write. */
  saveMine(): void;
}

type Listener = () => void;
let current: VersionConflict | undefined;
const listeners = new Set<Listener>();
const changed = () => listeners.forEach((listener) => listener());

/** The one open conflict, shaped for useSyncExternalStore: a save anywhere opens it, the frame's dialog shows it. */
export const versionConflicts = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): VersionConflict | undefined => current,
  open(conflict: VersionConflict): void {
    current = conflict;
    changed();
  },
  close(): void {
    current = undefined;
    changed();
  },
};

/** The refusal of a stale save, from react-admin's HttpError (dataProvider's toHttpError). */
export function staleVersionOf(error: unknown): StaleVersion | undefined {
  if (!(error instanceof HttpError) || error.status !== 412) return undefined;
  const body = error.body as { result?: string; data?: StaleVersion } | undefined;
  return body?.result === 'STALE_VERSION' && body.data ? body.data : undefined;
}

/**
 * An edit's save failure handler: a stale save opens the conflict dialog with both versions and a
 * way to save over theirs; any other failure is told as react-admin tells it (a validation error
 * on its fields, anything else in a notice).
 */
export function useVersionConflicts(onSuccess: (record: RaRecord) => void) {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const [update] = useUpdate();
  return useMemo(() => {
    const onError = (error: unknown, variables: { id?: Identifier; data?: unknown; previousData?: unknown } = {}) => {
      const stale = staleVersionOf(error);
      if (stale && variables.id !== undefined) {
        const theirs = { ...stale.record, id: variables.id, [VERSION_FIELD]: stale.version } as RaRecord;
        const yours = (variables.data ?? {}) as Record<string, unknown>;
        versionConflicts.open({
          resource,
          id: variables.id,
          theirs,
          yours,
          previous: (variables.previousData ?? {}) as Partial<RaRecord>,
          stale,
          saveMine: () => void update(resource, { id: variables.id!, data: yours, previousData: theirs }, { mutationMode: 'pessimistic', onSuccess, onError }),
        });
        return;
      }
      const fieldErrors = (error as HttpError | undefined)?.body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message || undefined } });
    };
    return onError;
  }, [notify, onSuccess, resource, update]);
}

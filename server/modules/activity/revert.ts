import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVITY_SECRET, formatZonedDateTime, type ActivityEntry } from '../../../src/shared';
import { validationError, AppError } from '../../http/app-error';
import { readerOf } from '../../http/reader';
import type { TableRows } from '../../db/record-rows';
import { changesLoggedElsewhere, recordRestorers, recordReverters, type RecordRestorer, type RecordReverter, type Snapshot } from '../../http/record-readers';
import { labelOf } from '../../http/record-versions';
import { declarations } from '../../http/resource-declarations';
import { MAX_VALUE_CHARS } from './recorder';
import { sentence } from '../../../src/i18n/serverMessage';

/** A text the recorder kept only the start of (recorder.ts): not the whole old value. */
const shortened = (value: unknown) => typeof value === 'string' && value.length === MAX_VALUE_CHARS + 1 && value.endsWith('…');

/**
 * Whether an entry can be reverted, and how: the record's own update (its reverter, registered by
 * crudRoutes), the record's id and the fields' old values. A change a module logs under another
 * record (a share's, under its project) names the record it changed (changesLoggedElsewhere), and
 * only that record's later changes count. Refused in words for an entry that is no update of a
 * declared record, one whose old values the log does not hold whole (a secret, a long text), and one
 * a later change of the same record touched the same fields of (naming who and when): undoing it
 * would silently undo theirs too.
 */
export function revertible(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: ActivityEntry,
  later: readonly ActivityEntry[],
): { reverter: RecordReverter; recordId: string; before: Record<string, unknown> } {
  const elsewhere = entry.action === 'update' ? undefined : changesLoggedElsewhere(app.ctx).get(entry.action)?.(entry);
  const changed = elsewhere ?? (entry.action === 'update' ? { resource: entry.resource, recordId: entry.recordId, sameRecord: () => true } : undefined);
  const declaration = changed && declarations.find((one) => one.name === changed.resource);
  const reverter = changed && recordReverters(app.ctx).get(changed.resource);
  if (!changed || !declaration || !reverter || entry.changes.length === 0) {
    throw validationError([{ field: 'id', message: sentence('activity.onlyAChangeCanBeReverted') }]);
  }
  const reader = readerOf(request);
  const label = (field: string) => labelOf(declaration, field, reader.language);
  const partial = entry.changes.filter((change) => change.before === ACTIVITY_SECRET || shortened(change.before));
  if (partial.length) {
    throw validationError([{ field: 'id', message: sentence('activity.oldValueNotKept', { fields: partial.map((change) => label(change.field)).join(', ') }) }]);
  }
  const fields = new Set(entry.changes.map((change) => change.field));
  for (const next of later.filter(changed.sameRecord)) {
    const touched = next.action === 'delete' ? [...fields] : next.changes.map((change) => change.field).filter((field) => fields.has(field));
    if (!touched.length) continue;
    const when = formatZonedDateTime(next.occurredAt, reader.timeZone);
    throw new AppError('CONFLICT', sentence('activity.changedAfterThis', { who: next.actorName, fields: touched.map(label).join(', '), when }));
  }
  return { reverter, recordId: changed.recordId, before: Object.fromEntries(entry.changes.map((change) => [change.field, change.before])) };
}

/**
 * Whether a delete entry can be restored, and by what: the record's restore (registered by
 * crudRoutes) and the rows its delete kept (record-rows.ts). Refused in words for an entry that is
 * no delete, and for a delete made before deletes kept their rows.
 */
export function restorable(
  app: FastifyInstance,
  deleted: { resource: string; recordId: string; record: Snapshot; rows: TableRows[] } | undefined,
): { restorer: RecordRestorer; deleted: { recordId: string; record: Snapshot; rows: TableRows[] } } {
  const restorer = deleted && recordRestorers(app.ctx).get(deleted.resource);
  if (!deleted || !restorer) throw validationError([{ field: 'id', message: sentence('activity.onlyADeleteCanBeRestored') }]);
  return { restorer, deleted };
}

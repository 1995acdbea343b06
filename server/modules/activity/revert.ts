import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVITY_SECRET, formatZonedDateTime, loggedRecordOf, type ActivityEntry } from '../../../src/shared';
import { validationError, AppError } from '../../http/app-error';
import { readerOf } from '../../http/reader';
import { deletedBy, type TableRows } from '../../db/record-rows';
import { recordRestorers, recordReverters, type RecordRestorer, type Snapshot } from '../../http/record-readers';
import { labelOf } from '../../http/record-versions';
import { declarations } from '../../http/resource-declarations';
import { MAX_VALUE_CHARS } from './recorder';
import { sentence } from '../../../src/i18n/serverMessage';

/** A text the recorder kept only the start of (recorder.ts): not the whole old value. */
const shortened = (value: unknown) => typeof value === 'string' && value.length === MAX_VALUE_CHARS + 1 && value.endsWith('…');

/** A revert as the activity route runs it, as the caller: the record as saved (or brought back). */
export type Revert = (request: FastifyRequest, reply: FastifyReply) => Promise<Snapshot | undefined>;

/**
 * Whether an entry can be reverted, and how. A record's own update: its reverter (registered by
 * crudRoutes) with the fields' old values. A change a module logs under another record (a share's,
 * under its project: LOGGED_UNDER) names the record it changed, and only that record's later
 * entries count; the end of such a record (a share stopped) is reverted by bringing it back as its
 * delete kept it (its restorer, which asks what its delete asked). Refused in words for an entry
 * that is no update of a declared record, one whose old values the log does not hold whole (a
 * secret, a long text), and one a later change of the same record touched the same fields of
 * (naming who and when): undoing it would silently undo theirs too.
 */
export async function revertible(app: FastifyInstance, request: FastifyRequest, entry: ActivityEntry, later: readonly ActivityEntry[]): Promise<Revert> {
  const logged = entry.action === 'update' ? undefined : loggedRecordOf(entry);
  const notAChange = () => validationError([{ field: 'id', message: sentence('activity.onlyAChangeCanBeReverted') }]);
  if (logged?.operation === 'delete') {
    const deleted = await deletedFor(app, entry);
    if (!deleted) throw notAChange();
    const { restorer } = restorable(app, deleted);
    return (request, reply) => restorer(request, reply, { entryId: entry.id, entryResource: entry.resource, entryRecordId: entry.recordId, ...deleted });
  }
  const sameRecord = (next: ActivityEntry) => {
    const other = loggedRecordOf(next);
    return other?.resource === logged?.resource && other?.recordId === logged?.recordId;
  };
  const changed =
    logged?.operation === 'update'
      ? { resource: logged.resource, recordId: logged.recordId, sameRecord }
      : entry.action === 'update'
        ? { resource: entry.resource, recordId: entry.recordId, sameRecord: () => true }
        : undefined;
  const declaration = changed && declarations.find((one) => one.name === changed.resource);
  const reverter = changed && recordReverters(app.ctx).get(changed.resource);
  if (!changed || !declaration || !reverter || entry.changes.length === 0) throw notAChange();
  const reader = readerOf(request);
  const label = (field: string) => labelOf(declaration, field, reader.language);
  const partial = entry.changes.filter((change) => change.before === ACTIVITY_SECRET || shortened(change.before));
  if (partial.length) {
    throw validationError([{ field: 'id', message: sentence('activity.oldValueNotKept', { fields: partial.map((change) => label(change.field)).join(', ') }) }]);
  }
  const fields = new Set(entry.changes.map((change) => change.field));
  for (const next of later.filter(changed.sameRecord)) {
    const ended = next.action === 'delete' || loggedRecordOf(next)?.operation === 'delete';
    const touched = ended ? [...fields] : next.changes.map((change) => change.field).filter((field) => fields.has(field));
    if (!touched.length) continue;
    const when = formatZonedDateTime(next.occurredAt, reader.timeZone);
    throw new AppError('CONFLICT', sentence('activity.changedAfterThis', { who: next.actorName, fields: touched.map(label).join(', '), when }));
  }
  const before = Object.fromEntries(entry.changes.map((change) => [change.field, change.before]));
  return (request, reply) => reverter(request, reply, changed.recordId, { entryId: entry.id, actorName: entry.actorName, values: (record) => ({ ...record, ...before }) });
}

/**
 * What the delete an entry records took (record-rows.ts), looked for by the record it took: the one
 * the entry logs under its own (a share's end, on its project), or the entry's own for a delete.
 */
export function deletedFor(app: FastifyInstance, entry: ActivityEntry) {
  return deletedBy(app.ctx.db, entry.eventId, loggedRecordOf(entry) ?? (entry.action === 'delete' ? entry : undefined));
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

import type { Db } from '../../db/database';
import type { TermType } from '../../../src/shared';
import type { YesNo } from '../../../src/shared/fields';

export interface VersionValues {
  termsVersion: string;
  effectiveAt: string;
  /** Already sanitised. */
  content: string;
}

/** A term and its first version, together or not at all. */
export function insertTerm(db: Db, term: { title: string; type: TermType; activeFlag: YesNo }, version: VersionValues, nowIso: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('terms')
      .values({ title: term.title, type: term.type, active_flag: term.activeFlag, created_at: nowIso, updated_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('term_versions')
      .values({ term_id: id, terms_version: version.termsVersion, content: version.content, effective_at: version.effectiveAt, created_at: nowIso, updated_at: nowIso })
      .execute();
    return id;
  });
}

export function updateTerm(db: Db, id: number, term: { title: string; type: TermType; activeFlag: YesNo }, nowIso: string) {
  return db.updateTable('terms').set({ title: term.title, type: term.type, active_flag: term.activeFlag, updated_at: nowIso }).where('id', '=', id).executeTakeFirst();
}

/** A new version; the term's updatedAt moves with it. */
export function insertVersion(db: Db, termId: number, version: VersionValues, nowIso: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('term_versions')
      .values({ term_id: termId, terms_version: version.termsVersion, content: version.content, effective_at: version.effectiveAt, created_at: nowIso, updated_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('terms').set({ updated_at: nowIso }).where('id', '=', termId).execute();
    return id;
  });
}

/** Changes a version that has not taken effect; answers false (changing nothing) once it has. */
export function updateScheduledVersion(db: Db, termId: number, detailId: number, version: VersionValues, nowIso: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('term_versions')
      .set({ terms_version: version.termsVersion, content: version.content, effective_at: version.effectiveAt, updated_at: nowIso })
      .where('id', '=', detailId)
      .where('term_id', '=', termId)
      // Re-checked here: it may have taken effect since the caller read it.
      .where('effective_at', '>', nowIso)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx.updateTable('terms').set({ updated_at: nowIso }).where('id', '=', termId).execute();
    return true;
  });
}

/** Deletes a term nobody agreed to; answers false (deleting nothing) when an agreement exists. */
export function deleteUnagreedTerm(db: Db, termId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const agreed = await trx
      .selectFrom('term_agreements')
      .innerJoin('term_versions', 'term_versions.id', 'term_agreements.term_version_id')
      .select('term_agreements.id')
      .where('term_versions.term_id', '=', termId)
      .limit(1)
      .executeTakeFirst();
    if (agreed) return false;
    await trx.deleteFrom('term_versions').where('term_id', '=', termId).execute();
    await trx.deleteFrom('terms').where('id', '=', termId).execute();
    return true;
  });
}

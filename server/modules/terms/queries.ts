import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Term, TermAgreement, TermSummary, TermType, TermVersion, TermVersionStatus } from '../../../src/shared';
import { type ListSpec } from '../../http/list-query';
import { listPage, type ListRequest } from '../../db/list-page';
import type { YesNo } from '../../../src/shared/fields';

export const agreementListSpec: ListSpec = {
  sortable: {
    id: 'term_agreements.id',
    agreedAt: 'term_agreements.agreed_at',
    email: 'admins.email',
    name: 'admins.first_name',
    termsVersion: 'term_versions.terms_version',
    detailId: 'term_versions.id',
  },
  defaultSort: ['agreedAt', 'DESC'],
  filters: { detailId: { column: 'term_versions.id', kind: 'eq', type: 'integer' }, adminId: { column: 'admins.id', kind: 'eq', type: 'integer' } },
  search: ['admins.email', 'admins.first_name', 'admins.last_name'],
};

interface TermRow {
  id: number;
  title: string;
  type: string;
  activeFlag: string;
  versionInEffect: string | null;
  effectiveAt: string | null;
  versionCount: number | string;
  createdAt: string;
  updatedAt: string;
}

function summaryOf(row: TermRow): TermSummary {
  return { ...row, type: row.type as TermType, activeFlag: row.activeFlag as YesNo, versionCount: Number(row.versionCount) };
}

/** Terms with, per row, the version in effect at `nowIso` and the number of versions. */
export async function listTerms(db: Db, request: ListRequest, nowIso: string) {
  const page = await listPage(
    db.selectFrom('terms'),
    request,
    (query) =>
      query.select((eb) => [
        'id',
        'title',
        'type',
        'active_flag as activeFlag',
        'created_at as createdAt',
        'updated_at as updatedAt',
        eb
          .selectFrom('term_versions as v')
          .select('v.terms_version')
          .whereRef('v.term_id', '=', 'terms.id')
          .where('v.effective_at', '<=', nowIso)
          .orderBy('v.effective_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(1)
          .as('versionInEffect'),
        eb
          .selectFrom('term_versions as v')
          .select('v.effective_at')
          .whereRef('v.term_id', '=', 'terms.id')
          .where('v.effective_at', '<=', nowIso)
          .orderBy('v.effective_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(1)
          .as('effectiveAt'),
        eb.selectFrom('term_versions as v').select(eb.fn.countAll().as('n')).whereRef('v.term_id', '=', 'terms.id').as('versionCount'),
      ]),
    'id',
    { db },
  );
  return { ...page, list: (page.list as TermRow[]).map(summaryOf) };
}

const versionColumns = ['id', 'term_id as termId', 'terms_version as termsVersion', 'content', 'effective_at as effectiveAt', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

type VersionRow = Omit<TermVersion, 'detailId' | 'status'>;

/** Versions newest first, each marked in effect, scheduled or superseded at `nowIso`. */
function withStatus(rows: VersionRow[], nowIso: string): TermVersion[] {
  let inEffectSeen = false;
  return rows.map((row) => {
    let status: TermVersionStatus = 'SCHEDULED';
    if (row.effectiveAt <= nowIso) {
      status = inEffectSeen ? 'SUPERSEDED' : 'IN_EFFECT';
      inEffectSeen = true;
    }
    return { ...row, detailId: row.id, status };
  });
}

async function versionsOf(db: Db, termId: number, nowIso: string): Promise<TermVersion[]> {
  const rows = await db.selectFrom('term_versions').select(versionColumns).where('term_id', '=', termId).orderBy('effective_at', 'desc').orderBy('id', 'desc').execute();
  return withStatus(rows, nowIso);
}

/** Terms with their versions and agreement counts, in one read for all of `ids` (an unknown id is left out). */
export async function findTerms(db: Db, ids: readonly number[], nowIso: string): Promise<Term[]> {
  if (ids.length === 0) return [];
  const [rows, versionRows, agreements] = await Promise.all([
    db.selectFrom('terms').select(['id', 'title', 'type', 'active_flag as activeFlag', 'created_at as createdAt', 'updated_at as updatedAt']).where('id', 'in', ids).execute(),
    db.selectFrom('term_versions').select(versionColumns).where('term_id', 'in', ids).orderBy('effective_at', 'desc').orderBy('id', 'desc').execute(),
    db
      .selectFrom('term_agreements')
      .innerJoin('term_versions', 'term_versions.id', 'term_agreements.term_version_id')
      .select((eb) => ['term_versions.term_id as termId', eb.fn.countAll().as('count')])
      .where('term_versions.term_id', 'in', ids)
      .groupBy('term_versions.term_id')
      .execute(),
  ]);
  return rows.map((row) => {
    const versions = withStatus(
      versionRows.filter((version) => version.termId === row.id),
      nowIso,
    );
    const inEffect = versions.find((version) => version.status === 'IN_EFFECT');
    return {
      ...summaryOf({ ...row, versionInEffect: inEffect?.termsVersion ?? null, effectiveAt: inEffect?.effectiveAt ?? null, versionCount: versions.length }),
      versions,
      agreementCount: Number(agreements.find((agreement) => agreement.termId === row.id)?.count ?? 0),
    };
  });
}

/** One term, read as findTerms reads a page of them. */
export async function findTerm(db: Db, id: number, nowIso: string): Promise<Term | undefined> {
  return (await findTerms(db, [id], nowIso))[0];
}

export async function findVersion(db: Db, termId: number, detailId: number, nowIso: string): Promise<TermVersion | undefined> {
  return (await versionsOf(db, termId, nowIso)).find((version) => version.id === detailId);
}

export async function labelTaken(db: Db, termId: number, termsVersion: string, exceptDetailId?: number): Promise<boolean> {
  let query = db.selectFrom('term_versions').select('id').where('term_id', '=', termId).where('terms_version', '=', termsVersion);
  if (exceptDetailId !== undefined) query = query.where('id', '!=', exceptDetailId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Who agreed to which version of one term, and when. */
export function listAgreements(db: Db, termId: number, request: ListRequest) {
  const base = db
    .selectFrom('term_agreements')
    .innerJoin('term_versions', 'term_versions.id', 'term_agreements.term_version_id')
    .innerJoin('admins', 'admins.id', 'term_agreements.admin_id')
    .where('term_versions.term_id', '=', termId);
  return listPage(
    base,
    request,
    (query) =>
      query.select([
        'term_agreements.id',
        'admins.id as adminId',
        'admins.email',
        sql<string>`admins.first_name || ' ' || admins.last_name`.as('name'),
        'term_versions.id as detailId',
        'term_versions.terms_version as termsVersion',
        'term_agreements.agreed_at as agreedAt',
      ]),
    'term_agreements.id',
    { db },
  ) as Promise<{ list: TermAgreement[]; totalCount: number; totalPage: number; currentPage: number }>;
}

/** The accounts a new required version is put before at their next sign-in: every active, approved one. */
export async function countSigningInAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status_code', '=', 'ACTIVE')
    .where('approval_status_code', '=', 'APPROVED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

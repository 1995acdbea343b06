import type { Db } from '../db/database';
import type { OfferedTerm } from '../../src/shared';

/** Active terms, each with its version in effect: the newest whose effectiveAt has passed. */
export async function termsInEffect(db: Db, nowIso: string): Promise<OfferedTerm[]> {
  const rows = await db
    .selectFrom('terms')
    .innerJoin('term_versions', 'term_versions.term_id', 'terms.id')
    .select(['terms.id as termId', 'terms.title', 'terms.type', 'term_versions.id as termVersionId', 'term_versions.terms_version', 'term_versions.content', 'term_versions.effective_at'])
    .where('terms.active_flag', '=', 'Y')
    .where('term_versions.effective_at', '<=', nowIso)
    .orderBy('terms.id')
    .orderBy('term_versions.effective_at', 'desc')
    .orderBy('term_versions.id', 'desc')
    .execute();
  const seen = new Set<number>();
  const offered: OfferedTerm[] = [];
  for (const row of rows) {
    if (seen.has(row.termId)) continue;
    seen.add(row.termId);
    const required = row.type === 'REQUIRED';
    offered.push({
      termId: row.termId,
      termVersionId: row.termVersionId,
      title: row.title,
      agreementType: required ? 'REQUIRED' : 'POST',
      requiredFlag: required ? 'Y' : 'N',
      version: row.terms_version,
      content: row.content,
      effectiveAt: row.effective_at,
    });
  }
  return offered;
}

/** Required terms in effect that the admin has not agreed to in their current version. */
export async function pendingRequiredTerms(db: Db, adminId: number, nowIso: string): Promise<OfferedTerm[]> {
  const required = (await termsInEffect(db, nowIso)).filter((term) => term.requiredFlag === 'Y');
  if (required.length === 0) return [];
  const agreed = await db
    .selectFrom('term_agreements')
    .select('term_version_id')
    .where('admin_id', '=', adminId)
    .where(
      'term_version_id',
      'in',
      required.map((term) => term.termVersionId),
    )
    .execute();
  const agreedIds = new Set(agreed.map((row) => row.term_version_id));
  return required.filter((term) => !agreedIds.has(term.termVersionId));
}

/** The ids of required versions missing from an agreement, or of ids that are not offered at all. */
export function checkAgreement(offered: OfferedTerm[], agreedIds: number[]): { missing: OfferedTerm[]; unknown: number[] } {
  const offeredIds = new Set(offered.map((term) => term.termVersionId));
  return {
    missing: offered.filter((term) => term.requiredFlag === 'Y' && !agreedIds.includes(term.termVersionId)),
    unknown: agreedIds.filter((id) => !offeredIds.has(id)),
  };
}

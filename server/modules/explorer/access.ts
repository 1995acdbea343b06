import { AREA_RANK, type ExplorerSchema } from '../../../src/shared';
import type { Db } from '../../db/database';
import { isUploader } from '../manual-permissions/uploader';

/**
 * Which tables a caller may read, by the rules of the screens that already show that data:
 * dataset rows are read by those who read upload history (user managers, rank ≤ 4, and rank-5
 * uploaders: requireDatasetManager), master rows by the collect-data area (rank ≤ 2: collect
 * status and tasks). The uploader flag is read from the database, so a grant or revoke applies at once.
 */
export async function readableSchemas(db: Db, admin: { id: number; rank: number }): Promise<Set<ExplorerSchema>> {
  const schemas = new Set<ExplorerSchema>();
  if (admin.rank <= AREA_RANK.collectData) schemas.add('master');
  if (admin.rank <= AREA_RANK.userManagement || (admin.rank <= AREA_RANK.project && (await isUploader(db, admin.id)))) schemas.add('dataset');
  return schemas;
}

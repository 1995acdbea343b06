import { AREA_RANK } from '../ranks';
import { uploadHistorySchema, uploadListResponse, uploadResponse } from '../uploads';
import { declareResource } from './define';

/**
 * Upload history, on the Manual Upload screen. User managers (rank ≤ 4) read it, and so do rank-5
 * uploaders (the server's `readers` hook, requireDatasetManager). Its create is the multipart file
 * upload of rank-5 uploaders, served by the uploads module itself, as are the commit and discard
 * beside it. Its commits are recorded as the dataset's activity (activity/routes-table.ts), so it has no `history`.
 */
export const uploadsResource = declareResource({
  name: 'uploads',
  path: '/uploads',
  rank: { read: AREA_RANK.userManagement, write: AREA_RANK.project },
  operations: ['list', 'get', 'create'],
  noun: 'upload',
  schemas: { record: uploadHistorySchema, list: uploadListResponse, one: uploadResponse },
  list: {
    sortable: ['id', 'fileName', 'status', 'updatedAt', 'uploadedCount'],
    defaultSort: ['updatedAt', 'DESC'],
    natural: ['fileName'],
    keyset: ['id', 'updatedAt'],
    filters: { datasetId: { kind: 'eq', type: 'integer' }, status: { kind: 'eq', type: 'text' } },
    search: ['fileName'],
  },
});

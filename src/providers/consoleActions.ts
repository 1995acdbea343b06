import { OTP_TOKEN_HEADER } from '../shared/constants';
import { FILE_PURPOSE_RULES, formatBytes } from '../shared/file-rules';
import { msg } from '../shared/validation-messages';
import type { termReacceptanceResponse } from '../shared/term-reacceptance';
import type {
  AccountStatus,
  CollectConfig,
  CollectRetentionKind,
  Dataset,
  ExportFormat,
  FilePurpose,
  Task,
  UploadHistory,
  UploadMode,
  accessStatsResponse,
  activityActorsResponse,
  backfillResponse,
  collectConfigResponse,
  collectRetentionResponse,
  collectStatusResponse,
  connectedDataOptionsResponse,
  connectionCheckResponse,
  dashboardTokenResponse,
  datasetOptionsResponse,
  datasetResponse,
  emptyEnvelope,
  importResponse,
  importTemplateResponse,
  activityRevertedResponse,
  exportLinkResponse,
  inferredDatasetResponse,
  manualPermissionChangeResponse,
  manualPermissionListResponse,
  masterInfoListResponse,
  otpSentResponse,
  otpTokenResponse,
  profileResponse,
  renderedMailResponse,
  retentionPreviewResponse,
  retentionResponse,
  retentionSavedResponse,
  shareCandidatesResponse,
  sourcePreviewResponse,
  taskResponse,
  uploadProgressResponse,
  uploadResponse,
  uploadedFileResponse,
  userDetailResponse,
  userFormOptionsResponse,
} from '../shared';
import { ApiError } from './apiError';
import { downloadFile, httpClient, type QueryValue } from './httpClient';
import { ifMatchOf } from '../shared/record-versions';

/** A record as the console holds it, its version among its fields (dataProvider.ts). */
type Held = object;

/**
 * The calls that are not plain CRUD, as data-provider methods (Atomic CRM's custom methods):
 * components reach them through `useConsoleDataProvider()`, never the HTTP client. Each answers the
 * envelope as the server words it (action toasts show its resultMessage), typed by the response
 * schema its route declares (imported as a type: zod stays out of the sign-in chunk, which loads
 * the data provider); failures reject with ApiError, which carries the result code and the field
 * errors the screens read.
 */
export const consoleActions = {
  // The profile flow (user menu).
  sendProfileCode: () => httpClient.post<typeof otpSentResponse>('/auth/admin/otp/send'),
  verifyProfileCode: (code: string) => httpClient.post<typeof otpTokenResponse>('/auth/admin/otp/verify', { code }),
  getProfile: (adminId: number) => httpClient.get<typeof profileResponse>(`/system/profile/${adminId}`),
  changePassword: (body: { password: string; changePassword: string }, otpToken: string) =>
    httpClient.put<typeof emptyEnvelope>('/auth/admin/password-change', body, { headers: { [OTP_TOKEN_HEADER]: otpToken } }),
  getConnectedDataOptions: () => httpClient.get<typeof connectedDataOptionsResponse>('/system/connected-data'),

  // Users.
  // A command on a record sends the version of the record as held (`held`), so one changed since is refused (412) as a save is.
  approveUser: (id: number, held?: Held) => httpClient.put<typeof emptyEnvelope>(`/users/${id}/approval`, { approvalStatusCode: 'APPROVED' }, { headers: ifMatchOf(held) }),
  rejectUser: (id: number, reason: string, held?: Held) => httpClient.put<typeof emptyEnvelope>(`/users/${id}/approval`, { approvalStatusCode: 'REJECTED', reason }, { headers: ifMatchOf(held) }),
  approveUsers: (ids: number[]) => httpClient.post<typeof emptyEnvelope>('/users/approval', { ids, approvalStatusCode: 'APPROVED' }),
  setUserStatus: (id: number, statusCode: AccountStatus, held?: Held) => httpClient.put<typeof userDetailResponse>(`/users/${id}/status`, { statusCode }, { headers: ifMatchOf(held) }),
  unlockUser: (id: number, held?: Held) => httpClient.post<typeof userDetailResponse>(`/users/${id}/unlock`, undefined, { headers: ifMatchOf(held) }),
  sendPasswordResetLink: (id: number) => httpClient.post<typeof emptyEnvelope>(`/users/${id}/password-reset`),
  getUserFormOptions: () => httpClient.get<typeof userFormOptionsResponse>('/users/options'),

  // Projects.
  getDashboardToken: (projectId: number | string, purpose: 'view' | 'renew') => httpClient.get<typeof dashboardTokenResponse>(`/projects/${projectId}/dashboard-token`, { purpose }),
  searchShareCandidates: (projectId: number, q: string) => httpClient.get<typeof shareCandidatesResponse>('/project-shares/candidates', { projectId, q }),

  // Collect configs, tasks and their board.
  testCollectSource: (body: unknown) => httpClient.post<typeof sourcePreviewResponse>('/collect-configs/test-source', body),
  runCollectConfig: (id: CollectConfig['id']) => httpClient.post<typeof taskResponse>(`/collect-configs/${id}/run`),
  backfillCollectConfig: (id: CollectConfig['id'], range: { from: string; to: string }) => httpClient.post<typeof backfillResponse>(`/collect-configs/${id}/backfill`, range),
  resumeCollectConfig: (id: CollectConfig['id'], held?: Held) => httpClient.post<typeof collectConfigResponse>(`/collect-configs/${id}/resume`, undefined, { headers: ifMatchOf(held) }),
  retryTask: (id: Task['id']) => httpClient.post<typeof taskResponse>(`/tasks/${id}/retry`),
  getCollectStatus: (query: Record<string, QueryValue>) => httpClient.get<typeof collectStatusResponse>('/collect-status', query),
  getCollectRetention: () => httpClient.get<typeof collectRetentionResponse>('/collect-retention'),
  previewCollectRetention: (kind: CollectRetentionKind, retentionDays: number) => httpClient.get<typeof retentionPreviewResponse>(`/collect-retention/${kind}/preview?days=${retentionDays}`),
  setCollectRetention: (kind: CollectRetentionKind, retentionDays: number) => httpClient.put<typeof retentionSavedResponse>(`/collect-retention/${kind}`, { retentionDays }),

  // Post configs.
  testPostConnection: (id: number) => httpClient.post<typeof connectionCheckResponse>(`/post-configs/${id}/test-connection`),

  // System log and access history.
  getLogRetention: () => httpClient.get<typeof retentionResponse>('/system-logs/retention'),
  previewLogRetention: (retentionDays: number) => httpClient.get<typeof retentionPreviewResponse>(`/system-logs/retention/preview?days=${retentionDays}`),
  setLogRetention: (retentionDays: number) => httpClient.put<typeof retentionSavedResponse>('/system-logs/retention', { retentionDays }),
  exportSystemLog: (filter: unknown) => httpClient.post<typeof exportLinkResponse>('/system-logs/export', { filter }),
  // The activity log: its person filter's choices and its export.
  getActivityActors: () => httpClient.get<typeof activityActorsResponse>('/activity/actors'),
  exportActivity: (filter: unknown) => httpClient.post<typeof exportLinkResponse>('/activity/export', { filter }),
  /** Puts back the fields an entry changed, as a new change of its record; answers the record as saved. */
  revertActivity: (id: number) => httpClient.post<typeof activityRevertedResponse>(`/activity/${id}/revert`),
  /** Puts back a record a delete entry took, with its id and children; answers the record as restored. */
  restoreActivity: (id: number) => httpClient.post<typeof activityRevertedResponse>(`/activity/${id}/restore`),
  getAccessStats: (query: Record<string, QueryValue>) => httpClient.get<typeof accessStatsResponse>('/access-history/stats', query),

  // Terms: who a new version sends back to the terms step.
  getTermReacceptance: (termId: number) => httpClient.get<typeof termReacceptanceResponse>(`/terms/${termId}/reacceptance`),

  // Data explorer and mail templates.
  exportExplorerTable: (tableId: string, body: { filter: string; sort?: string; format: ExportFormat }) => httpClient.post<typeof exportLinkResponse>(`/explorer/${tableId}/export`, body),
  renderMail: (path: string, input: unknown, signal?: AbortSignal) => httpClient.post<typeof renderedMailResponse>(path, input, { signal }),

  /** Uploads one file to the store (POST /api/files). A file over the limit is refused before it is sent. */
  async uploadFile(file: File, purpose: FilePurpose) {
    if (file.size > FILE_PURPOSE_RULES[purpose].maxBytes) {
      // The refusal the server would give, as a field error the reader's language words (the browser has no server sentences).
      const errors = [{ field: 'file', message: msg.fileTooLarge, params: { size: formatBytes(FILE_PURPOSE_RULES[purpose].maxBytes) } }];
      throw new ApiError({ status: 413, result: 'PAYLOAD_TOO_LARGE', data: { errors } });
    }
    const form = new FormData();
    // The server reads the purpose first: it decides the accepted kinds and the size limit.
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    return httpClient.post<typeof uploadedFileResponse>('/files', form);
  },

  // A declared import (src/shared/import.ts): a table's rows checked (`commit` false) or created, all or none.
  /** A table as text (`csv`) or as an XLSX file in base64 (`xlsx`). */
  importTable: (resource: string, table: { csv: string } | { xlsx: string }, commit: boolean, columns?: (string | null)[]) =>
    httpClient.post<typeof importResponse>(`/${resource}/import`, { ...table, commit, ...(columns ? { columns } : {}) }),
  getImportTemplate: (resource: string) => httpClient.get<typeof importTemplateResponse>(`/${resource}/import-template`),

  // Manual Upload.
  getMasterInfo: () => httpClient.get<typeof masterInfoListResponse>('/master-info'),
  getDatasetOptions: () => httpClient.get<typeof datasetOptionsResponse>('/datasets/options'),
  inferDataset: (body: unknown) => httpClient.post<typeof inferredDatasetResponse>('/datasets/infer', body),
  saveDataset: (id: Dataset['id'] | undefined, body: unknown) =>
    id === undefined ? httpClient.post<typeof datasetResponse>('/datasets', body) : httpClient.put<typeof datasetResponse>(`/datasets/${id}`, body),
  /** Sends the file for a dataset, reporting how much of it has gone (0..1). */
  uploadDatasetFile(datasetId: Dataset['id'], file: File, onProgress: (fraction: number) => void) {
    const form = new FormData();
    // The server needs datasetId before the file's bytes arrive.
    form.append('datasetId', String(datasetId));
    form.append('file', file);
    return httpClient.post<typeof uploadResponse>('/uploads', form, { onUploadProgress: onProgress });
  },
  getUpload: (id: UploadHistory['id']) => httpClient.get<typeof uploadResponse>(`/uploads/${id}`),
  getUploadProgress: (id: UploadHistory['id']) => httpClient.get<typeof uploadProgressResponse>(`/uploads/${id}/progress`),
  commitUpload: (id: UploadHistory['id'], mode: UploadMode) => httpClient.post<typeof uploadResponse>(`/uploads/${id}/commit`, { mode }),
  discardUpload: (id: UploadHistory['id']) => httpClient.post<typeof uploadResponse>(`/uploads/${id}/discard`),
  getManualPermissions: (query: Record<string, QueryValue>) => httpClient.get<typeof manualPermissionListResponse>('/manual-permissions', query),
  grantManualPermission: (adminId: number) => httpClient.post<typeof manualPermissionChangeResponse>('/manual-permissions', { adminId, privType: 'UPLOADER' }),
  revokeManualPermission: (adminId: number) => httpClient.delete<typeof manualPermissionChangeResponse>(`/manual-permissions/${adminId}`),
  /** A list as the server writes it (GET <resource>/export): the file, streamed; `onProgress` hears the share of its rows arrived (CSV). */
  exportList: async (resource: string, query: Record<string, QueryValue>, onProgress?: (fraction: number) => void) => ({
    result: 'SUCCESS',
    resultMessage: '',
    data: await downloadFile(`/${resource}/export`, query, onProgress),
  }),
};

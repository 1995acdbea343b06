import { OTP_TOKEN_HEADER } from '../shared/constants';
import { FILE_PURPOSE_RULES, tooLargeMessage } from '../shared/file-rules';
import type {
  AccessStats,
  AccountStatus,
  CollectConfig,
  CollectRetentionKind,
  CollectRetentionSettings,
  CollectStatus,
  ConnectedDataOptions,
  ConnectionCheck,
  DashboardToken,
  Dataset,
  DatasetColumn,
  FilePurpose,
  ListPage,
  ManualPermission,
  MasterInfo,
  Profile,
  RenderedMail,
  RetentionPreview,
  ShareCandidate,
  SourcePreview,
  Task,
  UploadedFile,
  UploadHistory,
  UploadMode,
  UploadProgress,
  UserFormOptions,
} from '../shared';
import { ApiError } from './apiError';
import { httpClient, type QueryValue } from './httpClient';

/**
 * The calls that are not plain CRUD, as data-provider methods (Atomic CRM's custom methods):
 * components reach them through `useConsoleDataProvider()`, never the HTTP client. Each answers the
 * envelope as the server words it (action toasts show its resultMessage); failures reject with
 * ApiError, which carries the result code and the field errors the screens read.
 */
export const consoleActions = {
  // The profile flow (user menu).
  sendProfileCode: () => httpClient.post<null>('/auth/admin/otp/send'),
  verifyProfileCode: (code: string) => httpClient.post<{ token: string }>('/auth/admin/otp/verify', { code }),
  getProfile: (adminId: number) => httpClient.get<Profile>(`/system/profile/${adminId}`),
  changePassword: (body: { password: string; changePassword: string }, otpToken: string) => httpClient.put<null>('/auth/admin/password-change', body, { headers: { [OTP_TOKEN_HEADER]: otpToken } }),
  getConnectedDataOptions: () => httpClient.get<ConnectedDataOptions>('/system/connected-data'),

  // Users.
  approveUser: (id: number) => httpClient.put<null>(`/users/${id}/approval`, { approvalStatusCode: 'APPROVED' }),
  rejectUser: (id: number, reason: string) => httpClient.put<null>(`/users/${id}/approval`, { approvalStatusCode: 'REJECTED', reason }),
  approveUsers: (ids: number[]) => httpClient.post<null>('/users/approval', { ids, approvalStatusCode: 'APPROVED' }),
  setUserStatus: (id: number, statusCode: AccountStatus) => httpClient.put<unknown>(`/users/${id}/status`, { statusCode }),
  unlockUser: (id: number) => httpClient.post<unknown>(`/users/${id}/unlock`),
  sendPasswordResetLink: (id: number) => httpClient.post<null>(`/users/${id}/password-reset`),
  getUserFormOptions: () => httpClient.get<UserFormOptions>('/users/options'),

  // Projects.
  getDashboardToken: (projectId: number | string, purpose: 'view' | 'renew') => httpClient.get<DashboardToken>(`/projects/${projectId}/dashboard-token`, { purpose }),
  searchShareCandidates: (projectId: number, q: string) => httpClient.get<ShareCandidate[]>('/project-shares/candidates', { projectId, q }),

  // Collect configs, tasks and their board.
  testCollectSource: (body: unknown) => httpClient.post<SourcePreview>('/collect-configs/test-source', body),
  runCollectConfig: (id: CollectConfig['id']) => httpClient.post<Task>(`/collect-configs/${id}/run`),
  backfillCollectConfig: (id: CollectConfig['id'], range: { from: string; to: string }) => httpClient.post<{ tasks: Task[] }>(`/collect-configs/${id}/backfill`, range),
  resumeCollectConfig: (id: CollectConfig['id']) => httpClient.post<CollectConfig>(`/collect-configs/${id}/resume`),
  retryTask: (id: Task['id']) => httpClient.post<Task>(`/tasks/${id}/retry`),
  getCollectStatus: (query: Record<string, QueryValue>) => httpClient.get<CollectStatus>('/collect-status', query),
  getCollectRetention: () => httpClient.get<CollectRetentionSettings>('/collect-retention'),
  previewCollectRetention: (kind: CollectRetentionKind, retentionDays: number) => httpClient.get<RetentionPreview>(`/collect-retention/${kind}/preview?days=${retentionDays}`),
  setCollectRetention: (kind: CollectRetentionKind, retentionDays: number) => httpClient.put<{ retentionDays: number; removed: number }>(`/collect-retention/${kind}`, { retentionDays }),

  // Post configs.
  testPostConnection: (id: number) => httpClient.post<ConnectionCheck>(`/post-configs/${id}/test-connection`),

  // System log and access history.
  getLogRetention: () => httpClient.get<{ retentionDays: number }>('/system-logs/retention'),
  previewLogRetention: (retentionDays: number) => httpClient.get<RetentionPreview>(`/system-logs/retention/preview?days=${retentionDays}`),
  setLogRetention: (retentionDays: number) => httpClient.put<{ retentionDays: number; removed: number }>('/system-logs/retention', { retentionDays }),
  exportSystemLog: (filter: unknown) => httpClient.post<{ url: string }>('/system-logs/export', { filter }),
  getAccessStats: (query: Record<string, QueryValue>) => httpClient.get<AccessStats>('/access-history/stats', query),

  // Data explorer and mail templates.
  exportExplorerTable: (tableId: string, body: { filter: string; sort?: string }) => httpClient.post<{ url: string }>(`/explorer/${tableId}/export`, body),
  renderMail: (path: string, input: unknown, signal?: AbortSignal) => httpClient.post<RenderedMail>(path, input, { signal }),

  /** Uploads one file to the store (POST /api/files). A file over the limit is refused before it is sent. */
  async uploadFile(file: File, purpose: FilePurpose) {
    if (file.size > FILE_PURPOSE_RULES[purpose].maxBytes) {
      throw new ApiError({ status: 413, result: 'PAYLOAD_TOO_LARGE', resultMessage: tooLargeMessage(purpose) });
    }
    const form = new FormData();
    // The server reads the purpose first: it decides the accepted kinds and the size limit.
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    return httpClient.post<UploadedFile>('/files', form);
  },

  // Manual Upload.
  getMasterInfo: () => httpClient.get<MasterInfo[]>('/master-info'),
  getDatasetOptions: () => httpClient.get<{ dataTypes: { code: string; name: string }[] }>('/datasets/options'),
  inferDataset: (body: unknown) => httpClient.post<{ title: string; schemaInfo: DatasetColumn[]; sampledRows: number }>('/datasets/infer', body),
  saveDataset: (id: Dataset['id'] | undefined, body: unknown) => (id === undefined ? httpClient.post<Dataset>('/datasets', body) : httpClient.put<Dataset>(`/datasets/${id}`, body)),
  /** Sends the file for a dataset, reporting how much of it has gone (0..1). */
  uploadDatasetFile(datasetId: Dataset['id'], file: File, onProgress: (fraction: number) => void) {
    const form = new FormData();
    // The server needs datasetId before the file's bytes arrive.
    form.append('datasetId', String(datasetId));
    form.append('file', file);
    return httpClient.post<UploadHistory>('/uploads', form, { onUploadProgress: onProgress });
  },
  getUpload: (id: UploadHistory['id']) => httpClient.get<UploadHistory>(`/uploads/${id}`),
  getUploadProgress: (id: UploadHistory['id']) => httpClient.get<{ running: boolean } & UploadProgress>(`/uploads/${id}/progress`),
  commitUpload: (id: UploadHistory['id'], mode: UploadMode) => httpClient.post<UploadHistory>(`/uploads/${id}/commit`, { mode }),
  getManualPermissions: (query: Record<string, QueryValue>) => httpClient.get<ListPage<ManualPermission>>('/manual-permissions', query),
  grantManualPermission: (adminId: number) => httpClient.post<unknown>('/manual-permissions', { adminId, privType: 'UPLOADER' }),
  revokeManualPermission: (adminId: number) => httpClient.delete<unknown>(`/manual-permissions/${adminId}`),
};

import { OTP_TOKEN_HEADER } from '../../shared';
import { httpClient } from '../../providers/httpClient';

/** GET /api/system/profile/{adminId} (SPEC §3 profile). */
export interface Profile {
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  region: string | null;
  office: string | null;
  isApprover: 'Y' | 'N';
  isCreator: 'Y' | 'N';
  isUploader: 'Y' | 'N';
  connectedDataTypes: { groupName: string; member: { name: string }[] }[];
  connectedCountries: { groupCode: string; member: { code: string; name: string }[] }[];
}

/** SPEC §3 tree node. */
export interface TreeNode {
  key: string;
  label: string;
  children: TreeNode[];
}

/** GET /api/system/connected-data. */
export interface ConnectedDataOptions {
  advertisers: { code: string; name: string }[];
  countryTree: TreeNode[];
}

/** Calls of the profile flow (docs/api.md); failures reject with ApiError. */
export const profileCalls = {
  sendCode: () => httpClient.post<null>('/auth/admin/otp/send'),
  verifyCode: (code: string) => httpClient.post<{ token: string }>('/auth/admin/otp/verify', { code }),
  fetchProfile: (adminId: number) => httpClient.get<Profile>(`/system/profile/${adminId}`),
  changePassword: (body: { password: string; changePassword: string }, otpToken: string) =>
    httpClient.put<null>('/auth/admin/password-change', body, { headers: { [OTP_TOKEN_HEADER]: otpToken } }),
  fetchConnectedDataOptions: () => httpClient.get<ConnectedDataOptions>('/system/connected-data'),
};

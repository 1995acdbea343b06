import { OTP_TOKEN_HEADER, type ConnectedDataOptions, type Profile } from '../../shared';

export type { ConnectedDataOptions, Profile, TreeNode } from '../../shared';
import { httpClient } from '../../providers/httpClient';

/** Calls of the profile flow (docs/api.md); failures reject with ApiError. */
export const profileCalls = {
  sendCode: () => httpClient.post<null>('/auth/admin/otp/send'),
  verifyCode: (code: string) => httpClient.post<{ token: string }>('/auth/admin/otp/verify', { code }),
  fetchProfile: (adminId: number) => httpClient.get<Profile>(`/system/profile/${adminId}`),
  changePassword: (body: { password: string; changePassword: string }, otpToken: string) =>
    httpClient.put<null>('/auth/admin/password-change', body, { headers: { [OTP_TOKEN_HEADER]: otpToken } }),
  fetchConnectedDataOptions: () => httpClient.get<ConnectedDataOptions>('/system/connected-data'),
};

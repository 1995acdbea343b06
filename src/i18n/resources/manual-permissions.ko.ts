import type { manualPermissionsEn } from './manual-permissions.en';

/** Korean labels of the `manual-permissions` API resource. */
export const manualPermissionsKo: typeof manualPermissionsEn = {
  name: '수동 업로드 권한 |||| 수동 업로드 권한',
  fields: {
    adminId: '사용자',
    name: '이름',
    email: '이메일',
    privType: '권한',
  },
};

/** The Korean of manualPermissionsResource's noun, for the server's messages. */
export const nouns = { 'manual permission': '수동 업로드 권한' };

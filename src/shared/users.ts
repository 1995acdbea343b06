import { z } from 'zod';
import { AUTHORITIES, type AccountLevel, type Authority } from './ranks';
import { yesNo } from './domains';

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const ACCOUNT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const code = z.string().trim().min(1).max(20);

/** PUT /api/users/{id}: what a user manager may change of another account. */
export const userUpdateInput = z.strictObject({
  authority: z.enum(AUTHORITIES as [Authority, ...Authority[]], 'Choose a level.'),
  approverFlag: yesNo,
  creatorFlag: yesNo,
  uploaderFlag: yesNo,
  regionCode: code,
  officeCode: code,
  companyCode: code,
  countryCodes: z.array(code).max(500),
  dataTypes: z.array(z.strictObject({ advertiserCode: code, dataTypeCode: code })).max(500),
  statusCode: z.enum(ACCOUNT_STATUSES),
});
export type UserUpdateInput = z.input<typeof userUpdateInput>;

export const approvalDecisionInput = z.discriminatedUnion('approvalStatusCode', [
  z.strictObject({ approvalStatusCode: z.literal('APPROVED') }),
  z.strictObject({ approvalStatusCode: z.literal('REJECTED'), reason: z.string().trim().min(1, 'Give a reason for the rejection.').max(500) }),
]);
export type ApprovalDecisionInput = z.input<typeof approvalDecisionInput>;

/** POST /api/users/approval: several pending sign-ups decided at once, all or nothing. */
export const bulkApprovalInput = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(100),
  approvalStatusCode: z.literal('APPROVED'),
});

export const userStatusInput = z.strictObject({ statusCode: z.enum(ACCOUNT_STATUSES) });

/** SPEC §3 "Admin user": one row of GET /api/users. */
export interface AdminUser {
  id: number;
  email: string;
  name: string;
  company: string | null;
  region: string | null;
  country: string | null;
  adminLevel: AccountLevel;
  approverFlag: 'Y' | 'N';
  statusCode: AccountStatus;
  approvalStatusCode: ApprovalStatus;
  lastLoginAt: string | null;
  signInAttempt: number;
  locked: 'Y' | 'N';
  createdAt: string;
}

export interface CodeName {
  code: string;
  name: string;
}

/** SPEC §3 "Admin detail", plus the editable codes the edit form starts from. */
export interface AdminDetail extends Omit<AdminUser, 'company' | 'region'> {
  firstName: string;
  lastName: string;
  authority: Authority;
  creatorFlag: 'Y' | 'N';
  uploaderFlag: 'Y' | 'N';
  company: CodeName | null;
  region: CodeName | null;
  office: CodeName | null;
  requestComment: string | null;
  rejectReason: string | null;
  connectedCountries: { groupCode: string; member: CodeName[] }[];
  connectedDataTypes: { groupName: string; member: { name: string }[] }[];
  lastSignInAt: string | null;
  passwordUpdatedAt: string | null;
  lockedUntil: string | null;
  /** Projects the user belongs to; empty until projects exist (docs/decisions.md). */
  projectList: { id: number; name: string }[];
  companyCode: string | null;
  regionCode: string | null;
  officeCode: string | null;
  countryCodes: string[];
  dataTypes: { advertiserCode: string; dataTypeCode: string }[];
}

/** GET /api/users/options: the code tables the edit form chooses from. */
export interface UserFormOptions {
  regions: CodeName[];
  countries: (CodeName & { regionCode: string })[];
  companies: CodeName[];
  advertisers: CodeName[];
  dataTypes: CodeName[];
}

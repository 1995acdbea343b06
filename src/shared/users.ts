import { z } from 'zod';
import { msg } from './validation-messages';
import { AUTHORITIES, type AccountLevel, type Authority } from './ranks';
import { yesNo } from './fields';
import { envelopeOf, listEnvelopeOf } from './envelope';

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const ACCOUNT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const code = z.string().trim().min(1).max(20);

/** PUT /api/users/{id}: what a user manager may change of another account. */
export const userUpdateInput = z.strictObject({
  authority: z.enum(AUTHORITIES as [Authority, ...Authority[]], msg.levelRequired),
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
  z.strictObject({ approvalStatusCode: z.literal('REJECTED'), reason: z.string().trim().min(1, msg.rejectionReason).max(500) }),
]);
export type ApprovalDecisionInput = z.input<typeof approvalDecisionInput>;

/** POST /api/users/approval: several pending sign-ups decided at once, all or nothing. */
export const bulkApprovalInput = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(100),
  approvalStatusCode: z.literal('APPROVED'),
});

export const userStatusInput = z.strictObject({ statusCode: z.enum(ACCOUNT_STATUSES) });

/** An account's level, from the system admin down (its words: resources.users.levels). */
export const ACCOUNT_LEVELS = ['SYSTEM', 'GLOBAL', 'REGION', 'LOCAL', 'USER', 'GUEST'] as const satisfies readonly AccountLevel[];
const accountLevel = z.enum(ACCOUNT_LEVELS) satisfies z.ZodType<AccountLevel>;

/** An admin user: one row of GET /api/users. */
export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  adminLevel: accountLevel,
  approverFlag: yesNo,
  statusCode: z.enum(ACCOUNT_STATUSES),
  approvalStatusCode: z.enum(APPROVAL_STATUSES),
  lastLoginAt: z.string().nullable(),
  signInAttempt: z.number(),
  locked: yesNo,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const codeNameSchema = z.object({ code: z.string(), name: z.string() });
export type CodeName = z.infer<typeof codeNameSchema>;

/** An admin's detail, plus the editable codes the edit form starts from. */
export const adminDetailSchema = adminUserSchema.omit({ company: true, region: true }).extend({
  firstName: z.string(),
  lastName: z.string(),
  authority: z.enum(AUTHORITIES as [Authority, ...Authority[]]),
  creatorFlag: yesNo,
  uploaderFlag: yesNo,
  company: codeNameSchema.nullable(),
  region: codeNameSchema.nullable(),
  office: codeNameSchema.nullable(),
  requestComment: z.string().nullable(),
  rejectReason: z.string().nullable(),
  connectedCountries: z.array(z.object({ groupCode: z.string(), groupName: z.string(), member: z.array(codeNameSchema) })),
  connectedDataTypes: z.array(z.object({ groupName: z.string(), member: z.array(z.object({ name: z.string() })) })),
  lastSignInAt: z.string().nullable(),
  passwordUpdatedAt: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  /** Projects the user belongs to; empty until projects exist (docs/decisions.md). */
  projectList: z.array(z.object({ id: z.number(), name: z.string() })),
  companyCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  officeCode: z.string().nullable(),
  countryCodes: z.array(z.string()),
  dataTypes: z.array(z.object({ advertiserCode: z.string(), dataTypeCode: z.string() })),
});
export type AdminDetail = z.infer<typeof adminDetailSchema>;

/** GET /api/users/options: the code tables the edit form chooses from. */
export const userFormOptionsSchema = z.object({
  regions: z.array(codeNameSchema),
  countries: z.array(codeNameSchema.extend({ regionCode: z.string() })),
  companies: z.array(codeNameSchema),
  advertisers: z.array(codeNameSchema),
  dataTypes: z.array(codeNameSchema),
});
export type UserFormOptions = z.infer<typeof userFormOptionsSchema>;

export const userListResponse = listEnvelopeOf(adminUserSchema);
export const userDetailResponse = envelopeOf(adminDetailSchema);
export const userFormOptionsResponse = envelopeOf(userFormOptionsSchema);

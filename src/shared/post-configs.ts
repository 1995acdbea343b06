import { z } from 'zod';
import { msg } from './validation-messages';
import { MASTER_FIELD_TYPES } from './datasets';
import { TARGET_METHODS, type TargetMethod } from './collect-constants';
import { activeFlag, code, relativePath, yesNo, type YesNo } from './fields';
import { envelopeOf, listEnvelopeOf } from './envelope';

export const postHeaderSchema = z.strictObject({
  /** The master field code written in this column. */
  code: z
    .string()
    .trim()
    .min(1, msg.fieldCodeRequired)
    .max(100)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, msg.lettersDigitsUnderscores),
  type: z.enum(MASTER_FIELD_TYPES).default('STRING'),
  inUse: activeFlag.default('Y'),
  order: z.number().int().min(0).max(1000),
});
export type PostHeader = z.output<typeof postHeaderSchema>;

/** Keys each target method needs in targetData (all text). */
export const TARGET_DATA_KEYS: Record<TargetMethod, { required: string[]; optional: string[] }> = {
  LOCAL: { required: [], optional: [] },
  GCS: { required: [], optional: ['projectId', 'apiEndpoint'] },
  TABLEAU: { required: ['serverUrl', 'tokenName', 'projectId'], optional: ['site', 'apiVersion'] },
  SNOWSTAGE: { required: ['account', 'username'], optional: ['warehouse', 'database', 'schema', 'role', 'accessUrl'] },
};

/** Where GCS is called when a target names no apiEndpoint. */
export const GCS_DEFAULT_ENDPOINT = 'https://storage.googleapis.com';

/** Where a Snowflake target signs in: accessUrl, else the account's own host, built as snowflake-sdk builds it. */
export function snowflakeAccessUrl(data: Record<string, string | undefined>): string {
  if (data.accessUrl) return data.accessUrl;
  const account = data.account ?? '';
  const region = account.includes('.') ? account.slice(account.indexOf('.') + 1) : '';
  return `https://${account}.snowflakecomputing.${/^cn-/i.test(region) ? 'cn' : 'com'}`;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * The origins a post target's secret is sent to: where its method signs in (none for LOCAL). A
 * stored secret is bound to them: sending it anywhere else takes typing it again.
 */
export function postSecretDestinations(method: TargetMethod, data: Record<string, string | undefined>): string[] {
  if (method === 'GCS') return [originOf(data.apiEndpoint || GCS_DEFAULT_ENDPOINT)];
  if (method === 'TABLEAU') return [originOf(data.serverUrl ?? '')];
  if (method === 'SNOWSTAGE') return [originOf(snowflakeAccessUrl(data))];
  return [];
}

export const postConfigInput = z
  .strictObject({
    dataType: code(msg.dataTypeRequired),
    /** Free label of what the target is (e.g. dashboard feed). */
    targetType: z.string().trim().min(1, msg.targetTypeRequired).max(50),
    targetMethod: z.enum(TARGET_METHODS),
    /** LOCAL: folder under DATA_DIR/posted; GCS: bucket[/prefix]; SNOWSTAGE: @stage[/path]; TABLEAU: data source name. */
    targetLocation: z.string().trim().min(1, msg.targetLocationRequired).max(500),
    targetData: z.record(z.string().max(50), z.string().max(2000)).default({}),
    /** Write-only: absent keeps the stored secret, null clears it, text replaces it. */
    targetSecret: z.string().min(1).max(20_000).nullish(),
    /** Y: every posted file is also copied to DATA_DIR/backup/<backupLocation>. */
    backupFlag: yesNo.default('N'),
    backupLocation: z.string().trim().max(300).nullish(),
    headers: z.array(postHeaderSchema).min(1, msg.oneHeader).max(200),
    inUse: activeFlag.default('Y'),
  })
  .superRefine((config, context) => {
    const keys = TARGET_DATA_KEYS[config.targetMethod];
    for (const key of keys.required) if (!config.targetData[key]?.trim()) context.addIssue({ code: 'custom', path: ['targetData', key], message: msg.enterKey, params: { key } });
    for (const key of Object.keys(config.targetData)) {
      if (!keys.required.includes(key) && !keys.optional.includes(key))
        context.addIssue({ code: 'custom', path: ['targetData', key], message: msg.methodDoesNotUse, params: { method: config.targetMethod, key } });
    }
    const location = config.targetLocation;
    if (config.targetMethod === 'LOCAL' && !relativePath({ required: msg.targetLocationRequired, outside: msg.targetFolder }).safeParse(location).success)
      context.addIssue({ code: 'custom', path: ['targetLocation'], message: msg.targetFolder });
    if (config.targetMethod === 'GCS' && !/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9](\/[^\s]*)?$/.test(location)) context.addIssue({ code: 'custom', path: ['targetLocation'], message: msg.bucketFormat });
    if (config.targetMethod === 'SNOWSTAGE' && !/^@[\w.$~%-]+(\/[\w./-]*)?$/.test(location)) context.addIssue({ code: 'custom', path: ['targetLocation'], message: msg.stageFormat });
    if (config.targetData.serverUrl && !/^https?:\/\//i.test(config.targetData.serverUrl)) context.addIssue({ code: 'custom', path: ['targetData', 'serverUrl'], message: msg.httpUrl });
    if (config.targetData.apiEndpoint && !/^https?:\/\//i.test(config.targetData.apiEndpoint)) context.addIssue({ code: 'custom', path: ['targetData', 'apiEndpoint'], message: msg.httpUrl });
    if (config.backupFlag === 'Y' && !relativePath({ required: msg.backupFolder, outside: msg.backupFolder }).safeParse(config.backupLocation ?? '').success)
      context.addIssue({ code: 'custom', path: ['backupLocation'], message: msg.backupFolder });
    const codes = new Set<string>();
    config.headers.forEach((header, index) => {
      if (codes.has(header.code)) context.addIssue({ code: 'custom', path: ['headers', index, 'code'], message: msg.listedTwice, params: { code: header.code } });
      codes.add(header.code);
    });
  });
export type PostConfigInput = z.input<typeof postConfigInput>;

export interface PostConfig {
  id: number;
  configId: number;
  dataType: string;
  targetType: string;
  targetMethod: TargetMethod;
  targetLocation: string;
  targetData: Record<string, string>;
  /** Whether a secret is stored; the secret itself is never answered. */
  secretSet: boolean;
  backupFlag: YesNo;
  backupLocation: string | null;
  headers: PostHeader[];
  inUse: YesNo;
  createdAt: string;
  updatedAt: string;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

export const postConfigSchema = z.object({
  id: z.number(),
  configId: z.number(),
  dataType: z.string(),
  targetType: z.string(),
  targetMethod: z.enum(TARGET_METHODS),
  targetLocation: z.string(),
  targetData: z.record(z.string(), z.string()),
  /** Whether a secret is stored; the secret itself is never answered. */
  secretSet: z.boolean(),
  backupFlag: yesNo,
  backupLocation: z.string().nullable(),
  headers: z.array(z.object({ code: z.string(), type: z.enum(MASTER_FIELD_TYPES), inUse: yesNo, order: z.number() })),
  inUse: activeFlag,
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<PostConfig>;
export const connectionCheckSchema = z.object({ ok: z.boolean(), message: z.string() }) satisfies z.ZodType<ConnectionCheck>;
export const postConfigListResponse = listEnvelopeOf(postConfigSchema);
export const postConfigResponse = envelopeOf(postConfigSchema);
export const connectionCheckResponse = envelopeOf(connectionCheckSchema);

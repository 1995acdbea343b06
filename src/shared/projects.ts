import { DB_INTEGER_MAX } from './list-bounds';
import { z } from 'zod';
import { msg } from './validation-messages';
import { code, yesNo } from './fields';
import { emailSchema } from './validation';
import { uploadedFileSchema } from './files';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { withoutControls } from './display-text';
import { CONDITION_OPERATORS, DASHBOARD_TYPES, DATA_SOURCES, KEYWORD_MODES, PROJECT_DATA_TYPES, PROJECT_STATUSES, SHARE_PRIVILEGES } from './project-kinds';

export * from './project-kinds';

export const PROJECT_NAME_MAX = 100;
export const MAX_FILTERS = 20;

/**
 * True when `url` is on the Tableau server `serverUrl`: the same scheme, host and port by URL
 * parsing, and no user name or password. A Connected App token is minted only for such a URL.
 */
export function isOnTableauServer(url: string, serverUrl: string): boolean {
  try {
    const view = new URL(url);
    const server = new URL(serverUrl);
    return view.protocol === server.protocol && view.hostname === server.hostname && view.port === server.port && !view.username && !view.password;
  } catch {
    return false;
  }
}

/** An absolute http(s) URL that parses (the dashboard token reads its path). */
function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol) && !/\s/.test(value);
  } catch {
    return false;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z
  .string()
  .trim()
  .refine((value) => DATE.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), msg.dateExample);
const text = (max: number) => z.string().trim().min(1, msg.required).max(max, msg.atMostCharacters);

export const keywordFilterSchema = z.strictObject({ keyword: text(100), mode: z.enum(KEYWORD_MODES).default('INCLUDE') });
export const conditionFilterSchema = z.strictObject({ field: text(100), operator: z.enum(CONDITION_OPERATORS), value: z.string().trim().max(200, msg.atMostCharacters) });

/** The body of POST and PUT /api/projects; the same schema validates the browser's form. */
export const projectInput = z
  .strictObject({
    name: z.string().overwrite(withoutControls).trim().min(1, msg.nameRequired).max(PROJECT_NAME_MAX, msg.atMostCharacters),
    description: z.string().trim().max(1000, msg.atMostCharacters).nullish(),
    status: z.enum(PROJECT_STATUSES).default('STAND_BY'),
    dataType: z.enum(PROJECT_DATA_TYPES, msg.dataTypeRequired),
    dataSource: z.enum(DATA_SOURCES, msg.projectDataSource),
    advertiser: code(msg.advertiserRequired),
    dashboardType: z.enum(DASHBOARD_TYPES, msg.dashboardType),
    templateId: z.coerce.number().int().positive().max(DB_INTEGER_MAX).nullish(),
    dashboardUrl: z.string().trim().max(500, msg.atMostCharacters).nullish(),
    startAt: dateSchema,
    endAt: dateSchema,
    dataFilters: z
      .strictObject({
        /** Country codes; the region of each comes from the code table. */
        countries: z.array(code(msg.countryRequired)).max(300).default([]),
        keywordFilters: z.array(keywordFilterSchema).max(MAX_FILTERS, msg.atMostFilters).default([]),
        conditionFilters: z.array(conditionFilterSchema).max(MAX_FILTERS, msg.atMostFilters).default([]),
      })
      .default({ countries: [], keywordFilters: [], conditionFilters: [] }),
  })
  .superRefine((project, ctx) => {
    if (project.startAt && project.endAt && project.endAt <= project.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: msg.endAfterStart });
    if (project.dashboardType === 'TEMPLATE' && !project.templateId) ctx.addIssue({ code: 'custom', path: ['templateId'], message: msg.templateRequired });
    if (project.dashboardType === 'CUSTOM') {
      if (!project.dashboardUrl) ctx.addIssue({ code: 'custom', path: ['dashboardUrl'], message: msg.dashboardUrlRequired });
      else if (!isHttpUrl(project.dashboardUrl)) ctx.addIssue({ code: 'custom', path: ['dashboardUrl'], message: msg.dashboardUrlInvalid });
    }
  });
export type ProjectInput = z.input<typeof projectInput>;
export type ProjectValues = z.output<typeof projectInput>;

export const codeNamePairSchema = z.object({ code: z.string(), name: z.string() });
export type CodeNamePair = z.infer<typeof codeNamePairSchema>;

/** A row of the project list. */
export const projectSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  dataType: z.enum(PROJECT_DATA_TYPES),
  dataSource: z.enum(DATA_SOURCES),
  dashboardType: z.enum(DASHBOARD_TYPES),
  advertiser: z.string(),
  advertiserName: z.string().nullable(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  ownerCountry: z.string().nullable(),
  ownerCountryName: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's effective privilege: their share, or OWNER through an admin scope. */
  myPrivilege: z.enum(SHARE_PRIVILEGES),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectDetailSchema = projectSummarySchema.extend({
  dashboardUrl: z.string().nullable(),
  isActive: yesNo,
  templatePreviews: z.array(uploadedFileSchema),
  dataFilters: z.object({
    advertiser: z.string(),
    dataType: z.enum(PROJECT_DATA_TYPES),
    countries: z.array(z.object({ regionCode: z.string(), code: z.string(), name: z.string() })),
    keywordFilters: z.array(z.object({ keyword: z.string(), mode: z.enum(KEYWORD_MODES) })),
    conditionFilters: z.array(z.object({ field: z.string(), operator: z.enum(CONDITION_OPERATORS), value: z.string() })),
  }),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** GET /api/projects/{id}/dashboard-token. `src` is the view's full URL on the configured Tableau server. */
export const dashboardTokenSchema = z.object({ token: z.string(), viewName: z.string(), src: z.string(), expiresAt: z.string() });
export type DashboardToken = z.infer<typeof dashboardTokenSchema>;

/** A share entry: a person a project is shared with, and their privilege. */
export const shareEntrySchema = z.object({
  id: z.number(),
  projectId: z.number(),
  adminId: z.number(),
  email: z.string(),
  name: z.string(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  privilege: z.enum(SHARE_PRIVILEGES),
});
export type ShareEntry = z.infer<typeof shareEntrySchema>;

export const shareInput = z.strictObject({
  projectId: z.coerce.number().int().positive().max(DB_INTEGER_MAX),
  email: emailSchema,
  privilege: z.enum(SHARE_PRIVILEGES, msg.shareLevel),
});
export const sharePrivilegeInput = z.strictObject({ privilege: z.enum(SHARE_PRIVILEGES, msg.shareLevel) });

/** A person a project's owner may share with: who they are and nothing more (no region, country or rank). */
export const shareCandidateSchema = z.strictObject({ id: z.number(), email: z.string(), name: z.string() });
export type ShareCandidate = z.infer<typeof shareCandidateSchema>;

/** A project's plan. */
export const planSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  title: z.string(),
  dataType: z.string(),
  description: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const projectListResponse = listEnvelopeOf(projectSummarySchema);
export const projectResponse = envelopeOf(projectDetailSchema);
export const dashboardTokenResponse = envelopeOf(dashboardTokenSchema);
export const shareListResponse = listEnvelopeOf(shareEntrySchema);
export const shareResponse = envelopeOf(shareEntrySchema);
export const shareCandidatesResponse = envelopeOf(z.array(shareCandidateSchema));
export const planListResponse = listEnvelopeOf(planSchema);
export const planResponse = envelopeOf(planSchema);

export const planInput = z.strictObject({
  projectId: z.coerce.number().int().positive().max(DB_INTEGER_MAX),
  title: z.string().overwrite(withoutControls).trim().min(1, msg.titleRequired).max(100, msg.atMostCharacters),
  dataType: code(msg.dataTypeRequired),
  description: z.string().trim().max(2000, msg.atMostCharacters).nullish(),
});
export type PlanInput = z.input<typeof planInput>;

import type { ConsoleCodeWords } from '../shared/code-sets';

/** Words of the codes worded under `console.codes` (src/shared/code-sets.ts); a reader sees the word only, the code in its details. */
export const codesEn = {
  projectDataType: { MEDIA: 'Media', CRM: 'CRM', RETAIL: 'Retail', SOCIAL: 'Social' },
  dataSource: { MASTER: 'Collected data', MANUAL: 'Uploaded files', CUSTOM: 'Custom source' },
  dashboardType: { TEMPLATE: 'From a template', CUSTOM: 'Own dashboard URL' },
  yesNo: { Y: 'Yes', N: 'No' },
  activeFlag: { Y: 'Active', N: 'Inactive' },
  httpMethod: { GET: 'Read (GET)', POST: 'Send a query (POST)' },
  responseFormat: { JSON: 'JSON document', CSV: 'CSV table' },
  taskKind: { COLLECT: 'Collect', POST: 'Post' },
  taskError: {
    SOURCE_TIMEOUT: 'Source did not answer in time',
    SOURCE_HTTP_ERROR: 'Source answered with an error',
    SOURCE_UNREACHABLE: 'Source could not be reached',
    SOURCE_REFUSED: 'Source address not allowed',
    SOURCE_AUTH: 'Source refused the credentials',
    SOURCE_MALFORMED: 'Source answer could not be read',
    SOURCE_MISSING_COLUMNS: 'Source is missing columns',
    SOURCE_NOT_FOUND: 'Source not found',
    MASTER_VALIDATION: 'Collected rows failed the checks',
    TARGET_AUTH: 'Target refused the credentials',
    TARGET_ERROR: 'Target failed',
    LEASE_LOST: 'Run stalled and was taken over',
    INTERNAL: 'Internal error',
  },
  columnType: { DATE: 'Date', VARCHAR: 'Text', STRING: 'Text', NUMBER: 'Number' },
  // One form for a record's kind, one for a tab of them: a code's words pick the first (codeWords).
  propertyKind: {
    regions: 'Region |||| Regions',
    countries: 'Country |||| Countries',
    companies: 'Company |||| Companies',
    advertisers: 'Advertiser |||| Advertisers',
    'data-types': 'Data type |||| Data types',
  },
} satisfies ConsoleCodeWords;

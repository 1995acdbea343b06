import type { ConsoleCodeWords } from '../shared/code-sets';

/** Words of the codes worded under `console.codes` (src/shared/code-sets.ts); the code may follow in small print. */
export const codesEn = {
  projectDataType: { MEDIA: 'Media', CRM: 'CRM', RETAIL: 'Retail', SOCIAL: 'Social' },
  dataSource: { MASTER: 'Collected data', MANUAL: 'Uploaded files', CUSTOM: 'Custom source' },
  dashboardType: { TEMPLATE: 'From a template', CUSTOM: 'Own dashboard URL' },
  yesNo: { Y: 'Yes', N: 'No' },
  httpMethod: { GET: 'Read (GET)', POST: 'Send a query (POST)' },
  responseFormat: { JSON: 'JSON document', CSV: 'CSV table' },
  taskKind: { COLLECT: 'Collect', POST: 'Post' },
  columnType: { DATE: 'Date', VARCHAR: 'Text', STRING: 'Text', NUMBER: 'Number' },
} satisfies ConsoleCodeWords;

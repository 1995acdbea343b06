type FieldType = 'DATE' | 'STRING' | 'NUMBER';

const MEDIA_DIMENSIONS: [string, FieldType][] = [
  ['date', 'DATE'], ['advertiser', 'STRING'], ['country', 'STRING'], ['channel', 'STRING'], ['publisher', 'STRING'],
  ['campaign_id', 'STRING'], ['campaign_name', 'STRING'], ['ad_group_id', 'STRING'], ['ad_group_name', 'STRING'],
  ['creative_id', 'STRING'], ['creative_name', 'STRING'], ['device', 'STRING'], ['currency', 'STRING'],
];
const MEDIA_METRICS: [string, FieldType][] = [
  ['impressions', 'NUMBER'], ['reach', 'NUMBER'], ['frequency', 'NUMBER'], ['clicks', 'NUMBER'], ['spend', 'NUMBER'],
  ['ctr', 'NUMBER'], ['cpc', 'NUMBER'], ['cpm', 'NUMBER'], ['video_views', 'NUMBER'], ['video_views_25', 'NUMBER'],
  ['video_views_50', 'NUMBER'], ['video_views_75', 'NUMBER'], ['video_completions', 'NUMBER'], ['engagements', 'NUMBER'],
  ['conversions', 'NUMBER'], ['conversion_value', 'NUMBER'], ['landing_page_views', 'NUMBER'], ['installs', 'NUMBER'],
];

/** The master schemas seeded by migration 008 (SPEC §3 "Master info"). */
export const MASTER_INFOS: { metric: string; dataSource: string; dataType: string; headers: [string, FieldType][] }[] = [
  { metric: 'Media performance (daily)', dataSource: 'MASTER', dataType: 'MEDIA', headers: [...MEDIA_DIMENSIONS, ...MEDIA_METRICS] },
  {
    metric: 'Media performance (manual)', dataSource: 'MANUAL', dataType: 'MEDIA',
    headers: [['date', 'DATE'], ['country', 'STRING'], ['channel', 'STRING'], ['campaign_name', 'STRING'], ['impressions', 'NUMBER'], ['clicks', 'NUMBER'], ['spend', 'NUMBER'], ['conversions', 'NUMBER']],
  },
  {
    metric: 'CRM members', dataSource: 'MASTER', dataType: 'CRM',
    headers: [['date', 'DATE'], ['country', 'STRING'], ['segment', 'STRING'], ['new_members', 'NUMBER'], ['active_members', 'NUMBER'], ['churned_members', 'NUMBER'], ['email_opens', 'NUMBER'], ['email_clicks', 'NUMBER']],
  },
  {
    metric: 'Retail sell-out', dataSource: 'MASTER', dataType: 'RETAIL',
    headers: [['date', 'DATE'], ['country', 'STRING'], ['retailer', 'STRING'], ['sku', 'STRING'], ['units_sold', 'NUMBER'], ['revenue', 'NUMBER'], ['average_price', 'NUMBER'], ['stock_on_hand', 'NUMBER']],
  },
];

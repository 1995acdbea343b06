import { createHash } from 'node:crypto';
import { daysBefore, insertBatched, type DemoFeature } from './context';
import { dashboardPreviewPng } from './png';

const TEMPLATES = [
  ['Media mix overview', 'MEDIA', 'Spend, impressions and reach by channel and week.'],
  ['Paid search performance', 'MEDIA', 'Clicks, CPC and conversions by campaign.'],
  ['Video completion funnel', 'MEDIA', 'Starts, quartiles and completions by placement.'],
  ['CRM cohort retention', 'CRM', 'Monthly cohorts of new customers and their repeat purchases.'],
  ['Loyalty programme health', 'CRM', 'Members, points issued and redeemed by tier.'],
  ['E-mail campaign results', 'CRM', 'Sends, opens, clicks and unsubscribes per campaign.'],
  ['Retail sell-out', 'RETAIL', 'Units and revenue by store, region and product line.'],
  ['Promotion uplift', 'RETAIL', 'Baseline versus promoted sales per promotion.'],
  ['Shelf share tracker', 'RETAIL', 'Share of shelf against competitors by retailer.'],
  ['Social engagement', 'SOCIAL', 'Followers, engagement rate and top posts by network.'],
  ['Influencer campaign tracker', 'SOCIAL', 'Reach and engagement of sponsored posts.'],
  ['Brand sentiment (retired)', 'SOCIAL', 'Replaced by Social engagement.'],
] as const;
const ACCENTS: Array<[number, number, number]> = [
  [37, 99, 235],
  [22, 163, 74],
  [234, 88, 12],
  [147, 51, 234],
  [219, 39, 119],
  [13, 148, 136],
];

/** Dashboard templates of every data type, each with one to three generated preview images. */
export const demoTemplates: DemoFeature = {
  name: 'templates',
  tables: ['templates', 'template_previews', 'uploaded_files'],
  async seed(demo) {
    const { trx, rng, now } = demo;
    const dataTypes = new Set((await trx.selectFrom('data_types').select('code').execute()).map((row) => row.code));
    const creator = demo.accounts.find((account) => account.authority === 'system-admin')?.id ?? null;
    const files: Record<string, unknown>[] = [];
    const previews: Record<string, unknown>[] = [];
    for (const [index, [name, dataType, description]] of TEMPLATES.entries()) {
      if (!dataTypes.has(dataType)) continue;
      const createdAt = daysBefore(now, 40 + index * 9);
      const { id } = await trx
        .insertInto('templates')
        .values({ name, data_type_code: dataType, description, status: name.includes('retired') ? 'N' : 'Y', file_id: null, created_at: createdAt, updated_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const previewCount = rng.int(1, 3);
      for (let sortNo = 1; sortNo <= previewCount; sortNo++) {
        const png = dashboardPreviewPng(
          320,
          180,
          rng.pick(ACCENTS),
          Array.from({ length: rng.int(5, 9) }, () => 0.15 + rng.next() * 0.85),
        );
        const fileId = rng.uuid();
        files.push({
          id: fileId,
          purpose: 'template-preview',
          original_name: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${sortNo}.png`,
          content_type: 'image/png',
          size_bytes: png.length,
          sha256: createHash('sha256').update(png).digest('hex'),
          storage_key: await demo.storeFile(png),
          created_by: creator,
          created_at: createdAt,
        });
        previews.push({ template_id: id, sort_no: sortNo, file_id: fileId });
      }
    }
    demo.counted('templates', TEMPLATES.length);
    await insertBatched(demo, 'uploaded_files', files);
    await insertBatched(demo, 'template_previews', previews);
  },
};

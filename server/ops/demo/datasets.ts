import { createHash } from 'node:crypto';
import { quotedCsvCell, type DatasetColumnType } from '../../../src/shared';
import { daysBefore, insertBatched, type DemoFeature } from './context';

/** Must match the uploads feature's key joiner (server/modules/uploads/validate.ts). */
const KEY_SEPARATOR = '\u001f';
const CHANNELS = ['search', 'social', 'display', 'video', 'email'];

interface DemoDataset {
  title: string;
  dataType: string;
  description: string;
  /** [name, type, required, key] */
  columns: Array<[string, DatasetColumnType, boolean, boolean]>;
  row(day: string, index: number, value: () => number, pick: (items: string[]) => string): string[];
}

const DATASETS: DemoDataset[] = [
  {
    title: 'Media daily spend',
    dataType: 'MEDIA',
    description: 'Spend and impressions per campaign and day, from the agency.',
    columns: [
      ['date', 'DATE', true, true],
      ['campaign_id', 'VARCHAR', true, true],
      ['channel', 'VARCHAR', false, false],
      ['spend', 'NUMBER', false, false],
      ['impressions', 'NUMBER', false, false],
    ],
    row: (day, index, value, pick) => [day, `CMP-${1000 + index}`, pick(CHANNELS), (value() * 900).toFixed(2), String(Math.round(value() * 250_000))],
  },
  {
    title: 'CRM weekly sign-ups',
    dataType: 'CRM',
    description: 'New members per store and week.',
    columns: [
      ['week_start', 'DATE', true, true],
      ['store', 'VARCHAR', true, true],
      ['new_members', 'NUMBER', false, false],
    ],
    row: (day, index, value) => [day, `STORE-${String(index + 1).padStart(3, '0')}`, String(Math.round(value() * 400))],
  },
  {
    title: 'Retail sell-out',
    dataType: 'RETAIL',
    description: 'Units sold per product line and day.',
    columns: [
      ['date', 'DATE', true, true],
      ['product_line', 'VARCHAR', true, true],
      ['units', 'NUMBER', false, false],
      ['revenue', 'NUMBER', false, false],
    ],
    row: (day, index, value) => [day, `LINE-${index + 1}`, String(Math.round(value() * 3000)), (value() * 90_000).toFixed(0)],
  },
  {
    title: 'Social mentions',
    dataType: 'SOCIAL',
    description: 'Brand mentions per network (no key: every upload appends).',
    columns: [
      ['date', 'DATE', true, false],
      ['network', 'VARCHAR', true, false],
      ['mentions', 'NUMBER', false, false],
    ],
    row: (day, _index, value, pick) => [day, pick(['instagram', 'x', 'tiktok', 'youtube']), String(Math.round(value() * 5000))],
  },
];

/** Data sets with a schema, a few uploads each (one refused with problems) and their rows. */
export const demoDatasets: DemoFeature = {
  name: 'datasets',
  tables: ['datasets', 'dataset_columns', 'dataset_rows', 'upload_histories'],
  async seed(demo) {
    const { trx, rng, now } = demo;
    const uploaders = demo.accounts.filter((account) => account.approved && account.rank <= 4);
    for (const [datasetIndex, dataset] of DATASETS.entries()) {
      const owner = rng.pick(uploaders).id;
      const createdAt = daysBefore(now, 35 + datasetIndex);
      const { id: datasetId } = await trx
        .insertInto('datasets')
        .values({ title: dataset.title, data_type_code: dataset.dataType, description: dataset.description, created_by: owner, created_at: createdAt, updated_by: owner, updated_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertBatched(
        demo,
        'dataset_columns',
        dataset.columns.map(([name, type, required, key], index) => ({
          dataset_id: datasetId,
          sort_no: index + 1,
          col_name: name,
          col_type: type,
          required_flag: required ? 'Y' : 'N',
          key_flag: key ? 'Y' : 'N',
        })),
      );
      const keyIndexes = dataset.columns.flatMap(([, , , key], index) => (key ? [index] : []));
      const rows = new Map<string, { key: string | null; uploadId: number; values: string[] }>();
      const uploads = rng.int(2, 4);
      for (let upload = 0; upload < uploads; upload++) {
        const daysAgo = 30 - upload * 7 - rng.int(0, 3);
        const day = daysBefore(now, daysAgo).slice(0, 10);
        const records = Array.from({ length: rng.int(20, 60) }, (_, index) =>
          dataset.row(
            day,
            index,
            () => rng.next(),
            (items) => rng.pick(items),
          ),
        );
        const failed = upload === uploads - 1 && rng.chance(0.5);
        // The original file as a user would upload it: plain RFC 4180 cells, no export's formula guard.
        const csv = `${[dataset.columns.map(([name]) => name), ...records].map((cells) => cells.map(quotedCsvCell).join(',')).join('\n')}\n`;
        const bytes = Buffer.from(csv);
        const at = daysBefore(now, daysAgo);
        const { id: uploadId } = await trx
          .insertInto('upload_histories')
          .values({
            dataset_id: datasetId,
            file_name: `${dataset.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${day}.csv`,
            storage_key: await demo.storeFile(bytes),
            file_kind: 'csv',
            size_bytes: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            status: failed ? 'FAIL' : 'SUCCESS',
            reason: failed ? 'The file has 2 problems; nothing was written.' : null,
            mode: failed ? null : 'APPEND',
            row_count: records.length,
            uploaded_count: failed ? 0 : records.length,
            problem_count: failed ? 2 : 0,
            preview: null,
            created_by: owner,
            created_at: at,
            updated_by: owner,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        demo.counted('upload_histories', 1);
        if (failed) continue;
        for (const values of records) {
          const key = keyIndexes.length ? keyIndexes.map((index) => values[index]).join(KEY_SEPARATOR) : null;
          rows.set(key ?? `append-${rows.size}`, { key, uploadId, values });
        }
      }
      await insertBatched(
        demo,
        'dataset_rows',
        [...rows.values()].map((row) => ({ dataset_id: datasetId, row_key: row.key, upload_id: row.uploadId, row_values: JSON.stringify(row.values) })),
      );
      await trx.updateTable('datasets').set({ row_count: rows.size }).where('id', '=', datasetId).execute();
    }
    demo.counted('datasets', DATASETS.length);
  },
};

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Db } from '../../../db/database';
import type { MasterRow } from '../master-mapping';
import { WorkFile } from '../work-file';
import { openWorkFolder, type WorkOwner } from '../work-folder';
import { csvLine } from './csv-output';
import type { PostFile } from './poster';

/** Rows read per query while writing a posting file. */
const PAGE = 1000;

/**
 * Writes a period's mastered rows as CSV into the run's work folder under the posted name, paging
 * by id (the period index ends in id, so each page is an index range, not a sort), and keeps the
 * CRC-32 a zip entry needs. The caller removes the file once it is sent.
 */
export async function writePostFile(db: Db, period: { configId: number; periodFrom: string; periodTo: string }, columns: string[], name: string, work: WorkOwner): Promise<PostFile> {
  const folder = await openWorkFolder(work);
  const remove = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, name);
  const out = await WorkFile.create(path).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  let rows = 0;
  let bytes = 0;
  let crc = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    crc = crc32(text, crc);
    await out.write(text);
  };
  try {
    await write(csvLine(columns, null));
    for (let after = 0; ;) {
      const page = await db
        .selectFrom('master_rows')
        .select(['id', 'row_data'])
        .where('config_id', '=', period.configId)
        .where('period_from', '=', period.periodFrom)
        .where('period_to', '=', period.periodTo)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      if (!page.length) break;
      await write(page.map((row) => csvLine(columns, JSON.parse(row.row_data) as MasterRow)).join(''));
      rows += page.length;
      after = page[page.length - 1].id;
    }
    await out.close();
  } catch (error) {
    await out.discard();
    await remove();
    throw error;
  }
  return { name, path, rows, bytes, crc, remove };
}

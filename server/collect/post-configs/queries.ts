import type { z } from 'zod';
import { postSecretDestinations, type PostConfig, type PostHeader, type postConfigInput, type TargetMethod } from '../../../src/shared';
import type { Db } from '../../db/database';
import type { CrudStore } from '../../db/store';
import { listPage } from '../../db/list-page';
import { nextSealedSecret, type SecretBox, type StoredSecret } from '../../secrets/secret-box';

export type PostConfigValues = z.output<typeof postConfigInput>;

const columns = [
  'post_configs.id',
  'post_configs.data_type_code',
  'post_configs.target_type',
  'post_configs.target_method',
  'post_configs.target_location',
  'post_configs.target_data',
  'post_configs.target_secret_enc',
  'post_configs.backup_flag',
  'post_configs.backup_location',
  'post_configs.in_use',
  'post_configs.created_at',
  'post_configs.updated_at',
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const selectRows = (db: Db) => db.selectFrom('post_configs').select(columns);

/** The answer shape with headers; the sealed secret becomes `secretSet` only. */
async function present(db: Db, rows: Row[]): Promise<PostConfig[]> {
  if (!rows.length) return [];
  const headers = await db
    .selectFrom('post_config_headers')
    .selectAll()
    .where(
      'post_config_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('post_config_id')
    .orderBy('sort_no')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    configId: row.id,
    dataType: row.data_type_code,
    targetType: row.target_type,
    targetMethod: row.target_method as TargetMethod,
    targetLocation: row.target_location,
    targetData: JSON.parse(row.target_data),
    secretSet: row.target_secret_enc !== null,
    backupFlag: row.backup_flag,
    backupLocation: row.backup_location,
    headers: headers
      .filter((header) => header.post_config_id === row.id)
      .map((header): PostHeader => ({ code: header.code, type: header.type as PostHeader['type'], inUse: header.in_use, order: header.header_order })),
    inUse: row.in_use,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

export async function findPostConfig(db: Db, id: number): Promise<PostConfig | undefined> {
  const row = await selectRows(db).where('post_configs.id', '=', id).executeTakeFirst();
  return row ? (await present(db, [row]))[0] : undefined;
}

/** Removes a post config with its posting tasks and their logs (they mean nothing without the target). */
async function deletePostConfig(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('collect_task_logs')
      .where('task_id', 'in', trx.selectFrom('collect_tasks').select('id').where('post_config_id', '=', id))
      .execute();
    await trx.deleteFrom('collect_tasks').where('post_config_id', '=', id).execute();
    await trx.deleteFrom('post_configs').where('id', '=', id).execute();
  });
}

/** The target's stored (sealed) secret and where it is sent; undefined when there is no such post config. */
async function findStoredSecret(db: Db, id: number): Promise<StoredSecret | undefined> {
  const row = await db.selectFrom('post_configs').select(['target_secret_enc', 'target_method', 'target_data']).where('id', '=', id).executeTakeFirst();
  return row && { sealed: row.target_secret_enc, destinations: postSecretDestinations(row.target_method as TargetMethod, JSON.parse(row.target_data)) };
}

/** Writes a post config (its secret comes sealed, see nextSealedSecret) and replaces its headers in one transaction; answers the id. */
export function savePostConfig(db: Db, input: PostConfigValues, secretEnc: string | null, nowIso: string, id?: number): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    if (id !== undefined && !(await trx.selectFrom('post_configs').select('id').where('id', '=', id).executeTakeFirst())) return undefined;
    const values = {
      data_type_code: input.dataType,
      target_type: input.targetType,
      target_method: input.targetMethod,
      target_location: input.targetLocation,
      target_data: JSON.stringify(input.targetData),
      target_secret_enc: secretEnc,
      backup_flag: input.backupFlag,
      backup_location: input.backupFlag === 'Y' ? (input.backupLocation ?? null) : null,
      in_use: input.inUse,
      updated_at: nowIso,
    };
    let configId = id;
    if (configId === undefined) {
      configId = (
        await trx
          .insertInto('post_configs')
          .values({ ...values, created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      await trx.updateTable('post_configs').set(values).where('id', '=', configId).execute();
      await trx.deleteFrom('post_config_headers').where('post_config_id', '=', configId).execute();
    }
    await trx
      .insertInto('post_config_headers')
      .values(input.headers.map((header, sortNo) => ({ post_config_id: configId, sort_no: sortNo, code: header.code, type: header.type, in_use: header.inUse, header_order: header.order })))
      .execute();
    return configId;
  });
}

/** The target's secret goes only to where its method signs in. */
const secretWrite = (input: PostConfigValues) => ({ input: input.targetSecret, destinations: postSecretDestinations(input.targetMethod, input.targetData), field: 'targetSecret' });

/** Post configs for crudRoutes: a config with its headers, its secret sealed on the way in and answered as `secretSet` only. */
export function postConfigStore(db: Db, box: SecretBox): CrudStore<PostConfigValues, PostConfig, number> {
  return {
    columns: { dataType: 'data_type_code' },
    table: 'post_configs',
    async list(request) {
      const page = await listPage(db.selectFrom('post_configs'), request, (query) => query.select(columns), 'post_configs.id', { db });
      return { ...page, list: await present(db, page.list as Row[]) };
    },
    find: (id) => findPostConfig(db, id),
    async insert(input, now) {
      return (await savePostConfig(db, input, nextSealedSecret(box, secretWrite(input), null), now))!;
    },
    async update(id, input, now) {
      const stored = await findStoredSecret(db, id);
      return stored !== undefined && (await savePostConfig(db, input, nextSealedSecret(box, secretWrite(input), stored), now, id)) !== undefined;
    },
    // Its posting tasks go with it (they mean nothing without the target).
    remove: (_row, id) => deletePostConfig(db, id),
  };
}

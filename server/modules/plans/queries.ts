import { sql } from 'kysely';
import type { Plan, planInput } from '../../../src/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { CrudStore } from '../../db/store';
import { listPage } from '../../db/list-page';

type PlanValues = z.output<typeof planInput>;

const base = (db: Db) =>
  db
    .selectFrom('plans')
    .innerJoin('projects', 'projects.id', 'plans.project_id')
    .leftJoin('admins as creator', 'creator.id', 'plans.created_by')
    .leftJoin('admins as updater', 'updater.id', 'plans.updated_by');

const fullName = (prefix: 'creator' | 'updater') =>
  sql<string | null>`case when ${sql.ref(`${prefix}.id`)} is null then null else ${sql.ref(`${prefix}.first_name`)} || ' ' || ${sql.ref(`${prefix}.last_name`)} end`;

const columns = (query: ReturnType<typeof base>) =>
  query.select([
    'plans.id',
    'plans.project_id as projectId',
    'projects.name as projectName',
    'plans.title',
    'plans.data_type_code as dataType',
    'plans.description',
    fullName('creator').as('createdBy'),
    'plans.created_at as createdAt',
    fullName('updater').as('updatedBy'),
    'plans.updated_at as updatedAt',
  ]);

/** Plans for crudRoutes: each with its project's name and who created and last changed it (the caller of the write). */
export function planStore(db: Db): CrudStore<PlanValues, Plan, number> {
  return {
    columns: { dataType: 'data_type_code' },
    table: 'plans',
    list: (request) => listPage(base(db), request, columns, 'plans.id', { db }),
    find: async (id) => (await columns(base(db)).where('plans.id', '=', id).executeTakeFirst()) as Plan | undefined,
    async insert(input, now, { request }) {
      const adminId = request.admin!.id;
      const row = await db
        .insertInto('plans')
        .values({
          project_id: input.projectId,
          title: input.title,
          data_type_code: input.dataType,
          description: input.description ?? null,
          created_by: adminId,
          created_at: now,
          updated_by: adminId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id, input, now, { request }) {
      const updated = await db
        .updateTable('plans')
        .set({ title: input.title, data_type_code: input.dataType, description: input.description ?? null, updated_by: request.admin!.id, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
    async remove(_plan, id) {
      await db.deleteFrom('plans').where('id', '=', id).execute();
    },
  };
}

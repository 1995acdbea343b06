import { sql } from 'kysely';
import type { Plan, planInput } from '../../../src/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';

export const planListSpec: ListSpec = {
  table: 'plans',
  sortable: { id: 'id', title: 'title', dataType: 'data_type_code', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: ['createdAt', 'DESC'],
  natural: ['title'],
  filters: {
    projectId: { column: 'project_id', kind: 'eq', type: 'integer' },
    dataType: { column: 'data_type_code', kind: 'eq', type: 'text' },
  },
  search: ['title', 'description'],
};

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

export function listPlans(db: Db, request: ListRequest) {
  return listPage(base(db), request, columns, 'plans.id', { db });
}

export async function findPlan(db: Db, id: number): Promise<Plan | undefined> {
  return (await columns(base(db)).where('plans.id', '=', id).executeTakeFirst()) as Plan | undefined;
}

type PlanValues = z.output<typeof planInput>;

export async function insertPlan(db: Db, input: PlanValues, adminId: number, now: string): Promise<number> {
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
}

export async function updatePlan(db: Db, id: number, input: PlanValues, adminId: number, now: string): Promise<void> {
  await db
    .updateTable('plans')
    .set({ title: input.title, data_type_code: input.dataType, description: input.description ?? null, updated_by: adminId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deletePlan(db: Db, id: number): Promise<void> {
  await db.deleteFrom('plans').where('id', '=', id).execute();
}

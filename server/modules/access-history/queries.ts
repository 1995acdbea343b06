import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AccessHistoryEntry, AccessStats, ListPage } from '../../../src/shared';
import { validationError } from '../../http/app-error';
import { dayBound, refuseInvertedRange } from '../../http/list-query';
import { listPage, type ListRequest } from '../../db/list-page';
import { scopeCondition, type UserScope } from '../users/scope';
import { sentence } from '../../../src/i18n/serverMessage';

/** Where the list's fields are not their column in snake_case; the time filter's bounds are both `occurred_at`. */
export const ACCESS_HISTORY_COLUMNS = {
  table: 'access_history',
  columns: { success: 'success_flag', from: 'occurred_at', to: 'occurred_at' },
} as const;

export interface DateRange {
  from: string;
  to: string;
}

/** The stats range, by the list filters' rule: a day bound covers the whole day; an inverted range is refused. */
export function parseRange(from: string, to: string): DateRange {
  const range = { from: dayBound(from, 'from', 'from'), to: dayBound(to, 'to', 'to') };
  refuseInvertedRange(range.from, range.to, 'to');
  return range;
}

function scoped(db: Db, scope: UserScope) {
  const condition = scopeCondition(scope);
  // Failed sign-ins of unknown e-mails belong to no account: only the all-users scope sees them.
  if (!condition) return db.selectFrom('access_history').leftJoin('admins', 'admins.id', 'access_history.admin_id');
  return db.selectFrom('access_history').innerJoin('admins', 'admins.id', 'access_history.admin_id').where(condition);
}

/** The rows a scope counts: every row for the all-users scope (its join only names the account), else those of its accounts. */
function counted(db: Db, scope: UserScope) {
  return scopeCondition(scope) ? scoped(db, scope) : db.selectFrom('access_history');
}

export async function listAccessHistory(db: Db, scope: UserScope, request: ListRequest): Promise<ListPage<AccessHistoryEntry>> {
  const page = await listPage(
    scoped(db, scope),
    request,
    (query) =>
      query.select([
        'access_history.id',
        'access_history.admin_id as adminId',
        'access_history.email',
        'admins.first_name',
        'admins.last_name',
        'access_history.event_type as eventType',
        'access_history.success_flag as success',
        'access_history.source_ip as sourceIp',
        'access_history.detail',
        'access_history.occurred_at as occurredAt',
      ]),
    'access_history.id',
    { db, countBase: counted(db, scope) },
  );
  return {
    ...page,
    list: page.list.map(({ first_name, last_name, ...row }) => ({ ...row, name: first_name === null ? null : `${first_name} ${last_name}`.trim() }) as AccessHistoryEntry),
  };
}

const MAX_CHART_DAYS = 366;

/** Totals of each event type and successful/failed sign-ins per day (every day of the range, zeros included). */
export async function accessStats(db: Db, scope: UserScope, range: DateRange, adminId?: number): Promise<AccessStats> {
  const days = Math.floor((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  if (days > MAX_CHART_DAYS) throw validationError([{ field: 'to', message: sentence('accessHistory.chooseARangeOfAt', { MAX_CHART_DAYS }) }]);
  let base = scoped(db, scope).where('access_history.occurred_at', '>=', range.from).where('access_history.occurred_at', '<=', range.to);
  if (adminId !== undefined) base = base.where('access_history.admin_id', '=', adminId);
  const day = sql<string>`substr(${sql.ref('access_history.occurred_at')}, 1, 10)`;
  const [totals, perDay] = await Promise.all([
    base
      .select(['access_history.event_type as eventType', sql<number>`count(*)`.as('count')])
      .where((eb) => eb.or([eb('access_history.event_type', '!=', 'SIGN_IN'), eb('access_history.success_flag', '=', 'Y')]))
      .groupBy('access_history.event_type')
      .execute(),
    base
      .select([
        day.as('day'),
        sql<number>`sum(case when ${sql.ref('access_history.success_flag')} = 'Y' then 1 else 0 end)`.as('success'),
        sql<number>`sum(case when ${sql.ref('access_history.success_flag')} = 'Y' then 0 else 1 end)`.as('failure'),
      ])
      .where('access_history.event_type', '=', 'SIGN_IN')
      .groupBy(day)
      .execute(),
  ]);
  const total = (type: string) => Number(totals.find((row) => row.eventType === type)?.count ?? 0);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const signInsPerDay = Array.from({ length: days }, (_, index) => {
    const key = new Date(Date.parse(range.from.slice(0, 10)) + index * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(key);
    return { day: key, success: Number(row?.success ?? 0), failure: Number(row?.failure ?? 0) };
  });
  return {
    from: range.from,
    to: range.to,
    totalLoginCount: total('SIGN_IN'),
    totalDashboardViews: total('DASHBOARD_VIEW'),
    totalProjectCreateCount: total('PROJECT_CREATE'),
    totalUploadCount: total('UPLOAD'),
    signInsPerDay,
  };
}

import { TASK_ERROR_IDS } from '../../../src/shared';
import { daysBefore, insertBatched, type DemoFeature } from './context';

const DAYS = 30;
const PLATFORMS = [
  ['fakeads', 'Search Ads'],
  ['socialhub', 'Social Hub'],
  ['retailnet', 'Retail Network'],
] as const;
const FIELDS = [
  ['date', 'report_date', 'DATE', 'Y', 'Y'],
  ['campaign.id', 'campaign_id', 'STRING', 'Y', 'Y'],
  ['metrics.impressions', 'impressions', 'NUMBER', 'N', 'N'],
  ['metrics.clicks', 'clicks', 'NUMBER', 'N', 'N'],
] as const;
const ERROR_TEXT: Partial<Record<(typeof TASK_ERROR_IDS)[number], string>> = {
  SOURCE_TIMEOUT: 'The source did not answer within 30 s.',
  SOURCE_HTTP_ERROR: 'The source answered 503 Service Unavailable.',
  MASTER_VALIDATION: '3 rows have no campaign_id.',
  TARGET_AUTH: 'The target refused the credentials.',
};

/**
 * Market accounts, collect configs with fields and schedules, post configs, and a month of daily
 * collect and post tasks with their logs. The schedules are paused (in_use N): a demo console
 * must not call the made-up platforms; switching one on shows the scheduler at work.
 */
export const demoCollect: DemoFeature = {
  name: 'collect data',
  tables: ['market_accounts', 'collect_configs', 'collect_config_fields', 'collect_schedules', 'post_configs', 'post_config_headers', 'collect_tasks', 'collect_task_logs'],
  async seed(demo) {
    const { trx, rng, now } = demo;
    const at = daysBefore(now, DAYS + 5);
    const advertisers = (await trx.selectFrom('advertisers').select('code').orderBy('sort_no').execute()).map((row) => row.code);
    const postIds: Record<string, number> = {};
    for (const dataType of ['MEDIA', 'CRM', 'RETAIL']) {
      const { id } = await trx
        .insertInto('post_configs')
        .values({
          data_type_code: dataType,
          target_type: `${dataType.toLowerCase()} dashboard feed`,
          target_method: 'LOCAL',
          target_location: `feeds/${dataType.toLowerCase()}`,
          target_data: '{}',
          target_secret_enc: null,
          backup_flag: 'N',
          backup_location: null,
          in_use: 'Y',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      postIds[dataType] = id;
      await insertBatched(
        demo,
        'post_config_headers',
        FIELDS.map(([, code, type], index) => ({ post_config_id: id, sort_no: index + 1, code, type, in_use: 'Y', header_order: index + 1 })),
      );
    }
    demo.counted('post_configs', 3);

    const tasks: Record<string, unknown>[] = [];
    const configIds: number[] = [];
    for (const [index, [platform, name]] of PLATFORMS.entries()) {
      const advertiser = advertisers[index % advertisers.length];
      const { id: accountId } = await trx
        .insertInto('market_accounts')
        .values({
          platform,
          account_id: `act-${1000 + index}`,
          name: `${name} ${advertiser}`,
          advertiser_code: advertiser,
          country_code: rng.pick(['KR', 'US', 'DE']),
          secret_enc: null,
          allowed_hosts: JSON.stringify([`${platform}.demo.example.com`]),
          active_flag: 'Y',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const dataType = (['MEDIA', 'CRM', 'RETAIL'] as const)[index];
      const { id: configId } = await trx
        .insertInto('collect_configs')
        .values({
          metric_name: `${name} daily report`,
          advertiser_code: advertiser,
          data_type_code: dataType,
          source_type: 'API',
          source_name: name,
          source_location: `https://${platform}.demo.example.com/report`,
          source_method: JSON.stringify({
            httpMethod: 'GET',
            headers: [],
            responseFormat: 'JSON',
            rowsPath: 'data.rows',
            pagination: { type: 'PAGE', pageParam: 'page', sizeParam: 'size', pageSize: 500, maxPages: 100 },
            timeoutMs: 30_000,
          }),
          market_account_id: accountId,
          key_name: 'X-Api-Key',
          config_data: JSON.stringify({ day: '{{from}}' }),
          alert_recipients: JSON.stringify(['data-ops@demo.example.com']),
          in_use: 'Y',
          suspended_flag: 'N',
          suspended_at: null,
          failure_streak: 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      configIds.push(configId);
      await insertBatched(
        demo,
        'collect_config_fields',
        FIELDS.map(([field, code, type, fieldFlag, masterFlag], sortNo) => ({ config_id: configId, sort_no: sortNo + 1, field, code, type, field_flag: fieldFlag, master_flag: masterFlag })),
      );
      await insertBatched(demo, 'collect_schedules', [
        {
          config_id: configId,
          schedule_type: 'DAILY',
          scheduled_time: `0${index + 6}:00`,
          scheduled_day: null,
          time_zone: 'Asia/Seoul',
          start_at: at.slice(0, 10),
          end_at: null,
          in_use: 'N',
          next_run_at: null,
        },
      ]);
      for (let day = DAYS; day >= 1; day--) {
        const dueAt = daysBefore(now, day);
        const period = daysBefore(now, day + 1).slice(0, 10);
        const failed = rng.chance(0.08);
        const fetched = failed ? 0 : rng.int(200, 1500);
        const started = new Date(Date.parse(dueAt) + rng.int(1, 20) * 1000).toISOString();
        const finished = new Date(Date.parse(started) + rng.int(2, 90) * 1000).toISOString();
        const errorId = failed ? rng.pick(['SOURCE_TIMEOUT', 'SOURCE_HTTP_ERROR', 'MASTER_VALIDATION'] as const) : null;
        tasks.push({
          task_kind: 'COLLECT',
          config_id: configId,
          post_config_id: null,
          parent_task_id: null,
          process_id: `P${configId}`,
          process_type: failed ? 'MASTERING' : 'MASTERED',
          schedule_type: 'DAILY',
          schedule_id: null,
          status: failed ? 'ERROR' : 'SUCCESS',
          attempt: failed ? 3 : 1,
          max_attempts: 3,
          period_from: period,
          period_to: period,
          due_at: dueAt,
          run_after: dueAt,
          lease_owner: null,
          lease_until: null,
          started_at: started,
          finished_at: finished,
          rows_fetched: fetched,
          rows_mastered: fetched,
          rows_posted: 0,
          data_location: null,
          target_location: null,
          response_meta: null,
          error_id: errorId,
          error_text: errorId ? (ERROR_TEXT[errorId] ?? null) : null,
          created_at: dueAt,
          updated_at: finished,
          post: failed ? undefined : { postConfigId: postIds[dataType], rows: fetched, at: finished, dataType },
        });
      }
    }
    demo.counted('collect_configs', configIds.length);
    demo.counted('market_accounts', PLATFORMS.length);
    await insertTasks(demo, tasks);
  },
};

/** Collect tasks, then each successful one's post task, then a few log lines per task. */
async function insertTasks(demo: Parameters<DemoFeature['seed']>[0], tasks: Record<string, unknown>[]): Promise<void> {
  const logs: Record<string, unknown>[] = [];
  let count = 0;
  for (const { post, ...task } of tasks as Array<Record<string, unknown> & { post?: { postConfigId: number; rows: number; at: string; dataType: string } }>) {
    const { id } = await demo.trx
      .insertInto('collect_tasks')
      .values(task as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    count += 1;
    logs.push({ task_id: id, at: task.started_at, level: 'INFO', message: `Fetching ${task.period_from} from the source` });
    logs.push({
      task_id: id,
      at: task.finished_at,
      level: task.status === 'ERROR' ? 'ERROR' : 'INFO',
      message: task.status === 'ERROR' ? String(task.error_text) : `${task.rows_fetched} rows fetched and mastered`,
    });
    if (!post) continue;
    const location = `feeds/${post.dataType.toLowerCase()}/${post.dataType}-${task.config_id}-${task.period_from}.csv`;
    const { id: postId } = await demo.trx
      .insertInto('collect_tasks')
      .values({
        ...(task as object),
        task_kind: 'POST',
        post_config_id: post.postConfigId,
        parent_task_id: id,
        process_type: 'MASTERED',
        status: 'SUCCESS',
        attempt: 1,
        rows_fetched: 0,
        rows_mastered: 0,
        rows_posted: post.rows,
        target_location: location,
        started_at: post.at,
        finished_at: post.at,
        created_at: post.at,
        updated_at: post.at,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    count += 1;
    logs.push({ task_id: postId, at: post.at, level: 'INFO', message: `Posted ${post.rows} rows to ${location}` });
  }
  demo.counted('collect_tasks', count);
  await insertBatched(demo, 'collect_task_logs', logs);
}

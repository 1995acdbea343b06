import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiblingApp } from './harness';
import { reportRow } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { sendJson, startFakeServer, type FakeServer } from '../fakes/http-server';
import { writePostFile } from '../../server/collect/jobs/posters/post-file';
import { openWorkFolder, sweepWorkFolders, workRoot } from '../../server/collect/jobs/work-folder';

const LEASE_MS = 60_000;
let env: Awaited<ReturnType<typeof startCollectApp>>;
let platform: FakeServer;
/** What the work root held each time the platform answered, i.e. while a collect run was fetching. */
const seenDuringFetch: string[][] = [];
let configId: number;

const root = () => workRoot(env.t.config.dataDir);
const workFolders = () => (existsSync(root()) ? readdirSync(root()).sort() : []);
/** A folder as a run of `owner` on `taskId` leaves it, with a file in it. */
async function leftover(taskId: number, owner: string): Promise<string> {
  const folder = await openWorkFolder({ dataDir: env.t.config.dataDir, taskId, owner });
  writeFileSync(join(folder, 'rows.tsv'), 'k\t{}\n');
  return folder.slice(root().length + 1);
}
/** Queues a run of the config and leases it to `owner` from the test clock's now, as that instance's claim would. */
async function claimedBy(owner: string): Promise<number> {
  const id = (await env.api('POST', `/api/collect-configs/${configId}/run`)).body.data.id as number;
  const now = env.t.clock.now();
  await env.t.db
    .updateTable('collect_tasks')
    .set({ status: 'STARTED', attempt: 1, lease_owner: owner, lease_until: new Date(now.getTime() + LEASE_MS).toISOString(), started_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
  return id;
}

beforeAll(async () => {
  platform = await startFakeServer((request, response) => {
    seenDuringFetch.push(workFolders());
    sendJson(response, 200, { data: { rows: request.url.searchParams.get('page') === '1' ? [reportRow(1), reportRow(2)] : [] } });
  });
  env = await startCollectApp({ leaseMs: LEASE_MS });
  const accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
  configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId }))).body.data.id;
  await env.api('POST', '/api/post-configs', localPostConfig());
});
afterAll(async () => {
  await env.t.close();
  await platform.close();
});

describe('work folders of collect runs (DATA_DIR/work/collect)', () => {
  it("holds a run's files while it runs and nothing once it ends", async () => {
    const before = workFolders();
    seenDuringFetch.length = 0;
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    expect(await env.tick()).toBe(2); // the collect task and its posting task
    const task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
    expect(task).toMatchObject({ status: 'SUCCESS', rowsMastered: 2 });
    expect(task.postingTasks[0]).toMatchObject({ status: 'SUCCESS', rowsPosted: 2 });
    const owner = encodeURIComponent(env.t.app.collectScheduler.owner);
    expect(seenDuringFetch.length).toBeGreaterThan(0);
    for (const seen of seenDuringFetch) expect(seen).toEqual([...before, expect.stringMatching(new RegExp(`^${task.id}\\.${owner}\\.[^.]+$`))].sort());
    expect(workFolders()).toEqual(before);

    // The posting file too is written there, and its removal leaves nothing.
    const period = { configId, periodFrom: task.periodFrom, periodTo: task.periodTo };
    const file = await writePostFile(env.t.db, period, ['campaign_id'], 'out.csv', { dataDir: env.t.config.dataDir, taskId: task.postingTasks[0].id, owner: 'host:1:post' });
    expect(file.path.startsWith(`${root()}/${task.postingTasks[0].id}.host%3A1%3Apost.`)).toBe(true);
    expect(file.rows).toBe(2);
    await file.remove();
    expect(workFolders()).toEqual(before);
  });

  it("start-up removes a dead run's folder and keeps the one another live instance is using", async () => {
    const deadTask = await claimedBy('dead-host:41:0a1b2c3d'); // killed mid-run: never settled, never renewed
    const dead = await leftover(deadTask, 'dead-host:41:0a1b2c3d');
    const settledTask = await claimedBy('old-host:7:99999999');
    const settled = await leftover(settledTask, 'old-host:7:99999999'); // its process died after settling, before removing
    await env.t.db.updateTable('collect_tasks').set({ status: 'SUCCESS', lease_owner: null, lease_until: null }).where('id', '=', settledTask).execute();
    env.t.clock.advance(2 * LEASE_MS + 1000); // the dead lease has now been expired for more than a lease period
    const liveTask = await claimedBy('live-host:52:4e5f6a7b'); // another instance, renewing its lease
    const live = await leftover(liveTask, 'live-host:52:4e5f6a7b');
    const stranger = await leftover(liveTask, 'someone-else:9:00000000'); // the live task's name, another owner: a run that lost it
    mkdirSync(join(root(), 'notes')); // not a run's folder
    expect(workFolders()).toEqual([dead, settled, live, stranger, 'notes'].sort());

    const starting = await startSiblingApp(env.t, {});
    try {
      await starting.app.ready();
      expect(workFolders()).toEqual([live, 'notes'].sort());
      expect(readdirSync(join(root(), live))).toEqual(['rows.tsv']);
    } finally {
      await starting.close();
    }
  });

  it('a scheduler pass keeps a folder whose lease is only just late, and removes it once its task is taken over', async () => {
    const live = workFolders().find((name) => name.includes('live-host'));
    env.t.clock.advance(LEASE_MS + 1000); // the live instance's lease expired a second ago
    expect(await env.tick()).toBe(2); // takes the dead and the late task over (past their last attempt: settled as interrupted)
    expect(workFolders()).toEqual([live, 'notes']); // swept before the takeover: kept; this instance's runs left nothing
    expect(await env.tick()).toBe(0);
    expect(workFolders()).toEqual(['notes']); // the task has another owner now: no one uses the folder
  });

  it("an instance's sweep keeps the folder of its own run under way, however late that run's renewal", async () => {
    const { owner } = env.t.app.collectScheduler;
    const taskId = await claimedBy(owner);
    const folder = await leftover(taskId, owner);
    // Its lease passed long ago as the database has it: a renewal that a busy machine made late.
    const longAgo = new Date(env.t.clock.now().getTime() - 3 * LEASE_MS).toISOString();
    await env.t.db.updateTable('collect_tasks').set({ lease_until: longAgo }).where('id', '=', taskId).execute();
    expect(await sweepWorkFolders(env.t.db, env.t.config.dataDir, env.t.clock.now(), LEASE_MS, { owner, ownWork: [taskId] })).toEqual([]);
    expect(workFolders()).toEqual([folder, 'notes'].sort());
    // Once the run is no longer this instance's, the same sweep removes it.
    expect(await sweepWorkFolders(env.t.db, env.t.config.dataDir, env.t.clock.now(), LEASE_MS, { owner, ownWork: [] })).toEqual([folder]);
    await env.t.db.updateTable('collect_tasks').set({ status: 'SUCCESS', lease_owner: null, lease_until: null }).where('id', '=', taskId).execute();
  });
});

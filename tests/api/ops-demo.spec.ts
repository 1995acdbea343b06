import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo, type DemoSeedResult } from '../../server/ops/demo';
import { AUTHORITIES } from '../../src/shared';
import { startTestApp, type TestApp, withTestApp } from './harness';
import { spawnServer } from './ops-child';

const NOW = new Date('2026-06-01T09:00:00.000Z');
let t: TestApp;
let seeded: DemoSeedResult;

async function sample(app: TestApp) {
  return {
    admins: await app.db
      .selectFrom('admins')
      .select(['email', 'first_name', 'authority', 'region_code', 'approval_status_code', 'status_code', 'created_at'])
      .where('email', 'like', '%@demo.example.com')
      .orderBy('id')
      .execute(),
    // Sign-ins made by the other tests come after NOW.
    access: await app.db.selectFrom('access_history').select(['email', 'event_type', 'occurred_at']).where('occurred_at', '<=', NOW.toISOString()).orderBy('id').execute(),
    logs: await app.db.selectFrom('system_logs').select(['event_id', 'end_point', 'http_status', 'request_at']).orderBy('id').limit(200).execute(),
  };
}

withTestApp((app) => (t = app));
beforeAll(async () => {
  seeded = await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, now: NOW });
});

describe('demo data', () => {
  it('fills users across regions and ranks (pending ones too), templates with previews, access history and a month of system log', async () => {
    const admins = await t.db.selectFrom('admins').select(['authority', 'region_code', 'approval_status_code', 'status_code']).where('email', 'like', '%@demo.example.com').execute();
    expect(admins.length).toBe(300);
    expect(new Set(admins.map((admin) => admin.authority))).toEqual(new Set(AUTHORITIES));
    expect(new Set(admins.map((admin) => admin.region_code))).toEqual(new Set(['APAC', 'EMEA', 'NA', 'LATAM']));
    expect(admins.filter((admin) => admin.approval_status_code === 'PENDING').length).toBeGreaterThanOrEqual(10);
    expect(admins.filter((admin) => admin.approval_status_code === 'REJECTED').length).toBeGreaterThan(0);
    expect(admins.filter((admin) => admin.status_code === 'INACTIVE').length).toBeGreaterThan(0);
    expect(seeded.counts).toMatchObject({ admins: 300, templates: 12, system_logs: 6000, projects: 60, datasets: 4, collect_configs: 3, post_configs: 3 });
    expect(seeded.counts.collect_tasks).toBeGreaterThan(150);
    expect(seeded.counts.dataset_rows).toBeGreaterThan(100);
    expect(seeded.counts.project_shares).toBeGreaterThan(60);
    expect(seeded.counts.plans).toBeGreaterThan(0);
    expect(seeded.counts.access_history).toBeGreaterThan(1000);

    const logs = await t.db.selectFrom('system_logs').select(['request_at']).orderBy('request_at').execute();
    expect(logs[0].request_at >= new Date(NOW.getTime() - 30 * 86_400_000).toISOString()).toBe(true);
    expect(logs.at(-1)!.request_at <= NOW.toISOString()).toBe(true);

    const previews = await t.db.selectFrom('template_previews').innerJoin('uploaded_files', 'uploaded_files.id', 'template_previews.file_id').select(['storage_key', 'content_type']).execute();
    expect(previews.length).toBeGreaterThanOrEqual(12);
    for (const preview of previews) expect(existsSync(join(t.config.dataDir, 'uploads', preview.storage_key))).toBe(true);

    // The list screens show rows through the API.
    const { accessToken } = await t.signIn('admin@example.com', 'Admin#2024x');
    for (const resource of ['users', 'templates', 'access-history', 'system-logs', 'projects', 'datasets', 'uploads', 'collect-configs', 'post-configs', 'market-accounts', 'tasks']) {
      const list = await t.call('GET', `/api/${resource}?range=[0,9]`, { token: accessToken });
      expect(list.status, resource).toBe(200);
      expect(list.body.data.totalCount ?? list.body.data.list.length, resource).toBeGreaterThanOrEqual(3);
    }
  });

  it('tells one story: each project status matches its dates, creations spread over months, and the creations of the month are the access stats', async () => {
    const today = NOW.toISOString().slice(0, 10);
    const projects = await t.db.selectFrom('projects').select(['name', 'status', 'start_at', 'end_at', 'created_at']).execute();
    const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
    const day = (value: unknown) => instant(value).slice(0, 10);
    for (const project of projects) {
      const [start, end] = [day(project.start_at), day(project.end_at)];
      expect(start < end, project.name).toBe(true);
      expect(day(project.created_at) <= start || project.status === 'ON_GOING' || project.status === 'COMPLETED', project.name).toBe(true);
      if (project.status === 'COMPLETED') expect(end < today, project.name).toBe(true);
      if (project.status === 'ON_GOING') expect(start <= today && today <= end, project.name).toBe(true);
      if (project.status === 'STAND_BY' || project.status === 'PENDING') expect(start > today, project.name).toBe(true);
      expect(project.name.includes(start.slice(0, 4)), project.name).toBe(true);
    }
    const monthAgo = new Date(NOW.getTime() - 30 * 86_400_000).toISOString();
    const createdInMonth = projects.filter((project) => instant(project.created_at) >= monthAgo);
    expect(createdInMonth.length).toBeLessThan(projects.length / 3);
    const creations = await t.db.selectFrom('access_history').select('occurred_at').where('event_type', '=', 'PROJECT_CREATE').where('occurred_at', '<=', NOW.toISOString()).execute();
    expect(creations.length).toBe(createdInMonth.length);
  });

  it('gives every demo account one password that is shown once and stored only as a hash', async () => {
    const approver = seeded.sampleAccounts.find((account) => account.authority === 'region-admin')!;
    expect(approver.email).toMatch(/@demo\.example\.com$/);
    await expect(t.signIn(approver.email, seeded.password)).resolves.toMatchObject({ accessToken: expect.any(String) });
    const hashes = await t.db.selectFrom('admins').select('password_hash').where('email', 'like', '%@demo.example.com').execute();
    expect(hashes.every((row) => row.password_hash.startsWith('$argon2id$') && !row.password_hash.includes(seeded.password))).toBe(true);
    const settings = await t.db.selectFrom('app_settings').select('value').execute();
    expect(settings.some((row) => row.value.includes(seeded.password))).toBe(false);
  });

  it('is deterministic: the same seed and moment give the same sample', async () => {
    const other = await startTestApp();
    try {
      await seedDemo(other.db, { hasher: passwordHasher(other.config.passwordHash), files: other.app.ctx.files, now: NOW });
      expect(await sample(other)).toEqual(await sample(t));
    } finally {
      await other.close();
    }
  });

  it('refuses a database that already holds demo data, or other data unless forced, changing nothing', async () => {
    const hasher = passwordHasher(t.config.passwordHash);
    await expect(seedDemo(t.db, { hasher, files: t.app.ctx.files })).rejects.toThrow(/already holds the demo data \(seeded at 2026-06-01T09:00:00.000Z\)/);
    await expect(seedDemo(t.db, { hasher, files: t.app.ctx.files, force: true })).rejects.toThrow(/already holds the demo data/);

    const other = await startTestApp();
    try {
      const now = new Date().toISOString();
      await other.db.insertInto('templates').values({ name: 'Ours', data_type_code: 'MEDIA', description: null, status: 'Y', file_id: null, created_at: now, updated_at: now }).execute();
      await expect(seedDemo(other.db, { hasher, files: other.app.ctx.files })).rejects.toThrow(/already holds data \(table templates\).*--force/);
      expect(await other.db.selectFrom('admins').select('id').execute()).toHaveLength(1);
      const forced = await seedDemo(other.db, { hasher, files: other.app.ctx.files, force: true });
      expect(forced.counts.admins).toBe(300);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run seed:demo and SEED_DEMO=Y', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'console-demo-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('seeds an empty data dir once, printing the password, and refuses a second run', () => {
    const run = () => spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/cli/seed-demo.ts'], { env: { ...process.env, DATA_DIR: join(dir, 'cli') }, encoding: 'utf8' });
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Demo data added: admins 300/);
    expect(first.stdout.match(/has the password (\S+) — it is shown only this once/)).not.toBeNull();
    const second = run();
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/already holds the demo data/);
  });

  it('SEED_DEMO=Y fills a new database on the first start', async () => {
    const server = spawnServer('server/main.ts', { DATA_DIR: join(dir, 'start'), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'Y', ADMIN_PASSWORD: 'Admin#2024x' });
    try {
      await server.waitFor(/Console ready/, 90_000);
      expect(server.output(), server.output()).toMatch(/Demo data added: admins 300/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database';

/** Whose run a work folder belongs to: the task and the lease owner running it. */
export interface WorkOwner {
  dataDir: string;
  taskId: number;
  owner: string;
}

/** Scratch space of task runs, on the data's disk and outside what backups include. */
export const workRoot = (dataDir: string) => join(dataDir, 'work', 'collect');

/** A new folder for one run, named `<task id>.<lease owner>.<random>` so a sweep can tell whose it is. */
export async function openWorkFolder({ dataDir, taskId, owner }: WorkOwner): Promise<string> {
  const root = workRoot(dataDir);
  await mkdir(root, { recursive: true });
  return mkdtemp(join(root, `${taskId}.${encodeURIComponent(owner)}.`));
}

function ownerOf(name: string): { taskId: number; owner: string } | undefined {
  const match = /^(\d+)\.(.+)\.[^.]+$/.exec(name);
  if (!match) return undefined;
  try {
    return { taskId: Number(match[1]), owner: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

/**
 * Removes the work folders of runs that are over, answering their names. Several instances may
 * share DATA_DIR, so the task's lease in the database decides, as it does for taking a task over;
 * never for the sweeping instance's own runs still under way (`own`), however late their renewal.
 */
export async function sweepWorkFolders(db: Db, dataDir: string, now: Date, leaseMs: number, own: { owner: string; ownWork: readonly number[] }): Promise<string[]> {
  const root = workRoot(dataDir);
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const folders = names.flatMap((name) => {
    const owner = ownerOf(name);
    return owner ? [{ name, ...owner }] : []; // anything else was not made by a run: left alone
  });
  if (!folders.length) return [];
  const tasks = await db
    .selectFrom('collect_tasks')
    .select(['id', 'status', 'lease_owner', 'lease_until'])
    .where('id', 'in', [...new Set(folders.map((folder) => folder.taskId))])
    .execute();
  // Safe rule: a folder stays while its task is STARTED under the owner in its name and that lease has not been expired for a whole lease period (room for clock skew between instances).
  const live = new Set(tasks.filter((task) => task.status === 'STARTED' && task.lease_until && Date.parse(task.lease_until) + leaseMs > now.getTime()).map((task) => `${task.id}.${task.lease_owner}`));
  for (const taskId of own.ownWork) live.add(`${taskId}.${own.owner}`);
  const over = folders.filter((folder) => !live.has(`${folder.taskId}.${folder.owner}`));
  for (const folder of over) await rm(join(root, folder.name), { recursive: true, force: true });
  return over.map((folder) => folder.name);
}

import { constants } from 'node:fs';
import { access, copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Poster, PostFile, PostTarget } from './poster';

export const localFolder = (target: Pick<PostTarget, 'dataDir' | 'location'>) => join(target.dataDir, 'posted', target.location);

/** Copies the file next to its final name and renames it, so a reader never sees half a file. */
export async function placeWhole(folder: string, file: Pick<PostFile, 'name' | 'path'>): Promise<string> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, file.name);
  const partial = `${path}.partial`;
  try {
    await copyFile(file.path, partial);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return path;
}

/** Keeps a copy of a posted file under DATA_DIR/backup/<folder>. */
export async function backupCopy(dataDir: string, folder: string, file: Pick<PostFile, 'name' | 'path'>): Promise<string> {
  return placeWhole(join(dataDir, 'backup', folder), file);
}

export const localPoster: Poster = {
  async post(target, file) {
    return { location: await placeWhole(localFolder(target), file) };
  },
  async testConnection(target) {
    const folder = localFolder(target);
    try {
      await mkdir(folder, { recursive: true });
      await access(folder, constants.W_OK);
      return { ok: true, message: `The folder ${folder} is writable.` };
    } catch (error) {
      return { ok: false, message: `The folder ${folder} is not writable: ${(error as Error).message}` };
    }
  },
};


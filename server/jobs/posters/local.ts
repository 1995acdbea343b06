import { constants } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Poster, PostTarget } from './poster';

export const localFolder = (target: Pick<PostTarget, 'dataDir' | 'location'>) => join(target.dataDir, 'posted', target.location);

/** Writes the file next to its final name and renames it, so a reader never sees half a file. */
export async function writeWhole(folder: string, name: string, content: Buffer): Promise<string> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, name);
  const partial = `${path}.partial`;
  try {
    await writeFile(partial, content);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return path;
}

/** Keeps a copy of a posted file under DATA_DIR/backup/<folder>. */
export async function backupCopy(dataDir: string, folder: string, name: string, content: Buffer): Promise<string> {
  return writeWhole(join(dataDir, 'backup', folder), name, content);
}

export const localPoster: Poster = {
  async post(target, file) {
    return { location: await writeWhole(localFolder(target), file.name, file.content) };
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


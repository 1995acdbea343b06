import { constants, createReadStream, mkdirSync } from 'node:fs';
import { access, copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { AppError } from '../http/app-error';
import { checkedKey, checkedName, type FileStore } from './store';
import { sentence } from '../../src/i18n/serverMessage';

/**
 * Files under `<dataDir>/uploads/`, named by their storage key; uploads arrive in `uploads/.incoming/`.
 * Published files (LOCAL post output) go to `<dataDir>/<name>`.
 */
export function localFileStore(dataDir: string): FileStore {
  const root = join(dataDir, 'uploads');
  const incoming = join(root, '.incoming');
  mkdirSync(incoming, { recursive: true });
  return {
    location: root,
    async put(key, tempPath) {
      // tempPath() is on the same disk, so this is an atomic rename.
      await rename(tempPath, join(root, checkedKey(key))).catch(async (error) => {
        await rm(tempPath, { force: true });
        throw error;
      });
    },
    async get(key) {
      const stream = createReadStream(join(root, checkedKey(key)));
      await once(stream, 'open').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new AppError('NOT_FOUND', sentence('files.theFileIsNoLonger')) : error;
      });
      return stream;
    },
    async delete(key) {
      await rm(join(root, checkedKey(key)), { force: true });
    },
    tempPath() {
      return join(incoming, `${randomBytes(16).toString('hex')}.part`);
    },
    // The stored file itself: nothing to copy or release.
    async localCopy(key) {
      return { path: join(root, checkedKey(key)), release: async () => {} };
    },
    async check() {},
    async publish(name, path) {
      // Copied next to its final name and renamed, so a reader never sees half a file.
      const target = join(dataDir, checkedName(name));
      const partial = `${target}.partial`;
      await mkdir(dirname(target), { recursive: true });
      try {
        await copyFile(path, partial);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return target;
    },
    async checkPublish(folder) {
      const path = join(dataDir, checkedName(folder));
      try {
        await mkdir(path, { recursive: true });
        await access(path, constants.W_OK);
        return { ok: true, message: `The folder ${path} is writable.` };
      } catch (error) {
        return { ok: false, message: `The folder ${path} is not writable: ${(error as Error).message}` };
      }
    },
  };
}

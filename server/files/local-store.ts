import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { checkedKey, type FileStore } from './store';

/** Files under `<dataDir>/uploads/`, named by their storage key; uploads arrive in `uploads/.incoming/`. */
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
    get(key) {
      return createReadStream(join(root, checkedKey(key)));
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
  };
}

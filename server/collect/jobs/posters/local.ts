import type { FileStore } from '../../../files/store';
import type { Poster, PostFile } from './poster';

/**
 * The LOCAL target writes into the console's own file store: DATA_DIR/posted/<location>/ on local
 * disk, or posted/<location>/ under FILE_STORE's prefix, so every instance's output is in one place.
 */
export const localPoster: Poster = {
  async post(target, file) {
    return { location: await target.files.publish(`posted/${target.location}/${file.name}`, file.path) };
  },
  async testConnection(target) {
    return target.files.checkPublish(`posted/${target.location}`);
  },
};

/** Keeps a copy of a posted file under backup/<folder> of the file store. */
export async function backupCopy(files: FileStore, folder: string, file: Pick<PostFile, 'name' | 'path'>): Promise<string> {
  return files.publish(`backup/${folder}/${file.name}`, file.path);
}

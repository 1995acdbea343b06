import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MasterSpool } from '../../server/collect/jobs/master-store';
import { WorkFile } from '../../server/collect/jobs/work-file';
import { workRoot } from '../../server/collect/jobs/work-folder';

const dataDir = mkdtempSync(join(tmpdir(), 'work-file-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A failure here that escaped as an 'error' event would end the test process, which vitest reports as an unhandled error.
describe('a task run’s work file', () => {
  it('on a full disk fails the write or the close that follows, not the process', async () => {
    const small = await WorkFile.create('/dev/full');
    await small.write('one line\n'); // buffered: the failure comes after this answered
    await expect(small.close()).rejects.toMatchObject({ code: 'ENOSPC' });

    const large = await WorkFile.create('/dev/full');
    await expect(large.write('x'.repeat(1 << 20))).rejects.toMatchObject({ code: 'ENOSPC' });
    await large.discard();
  });

  it('in a folder that is gone fails as it is created', async () => {
    await expect(WorkFile.create(join(dataDir, 'swept', 'rows.tsv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('holds what was written once closed', async () => {
    const path = join(dataDir, 'written.csv');
    const file = await WorkFile.create(path);
    await file.write('a,b\n');
    await file.write(Buffer.from('1,2\n'));
    await file.close('3,4\n');
    expect(readFileSync(path, 'utf8')).toBe('a,b\n1,2\n3,4\n');
  });

  // A run whose source fails at once removes its spool at once: were the file opened after that, the open would fail with nobody to hear it.
  it('is open when its spool answers, so a spool removed at once leaves no folder and no error', async () => {
    for (let taskId = 1; taskId <= 20; taskId++) {
      const spool = await MasterSpool.open({ dataDir, taskId, owner: 'instance-a' });
      const [folder] = readdirSync(workRoot(dataDir));
      expect(readdirSync(join(workRoot(dataDir), folder))).toEqual(['rows.tsv']);
      await spool.remove();
      expect(readdirSync(workRoot(dataDir))).toEqual([]);
    }
  });
});

/** Every `createWriteStream(` in the server, as file:line with its line's text. */
function writeStreamsOfServer(folder = 'server'): { place: string; text: string }[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return writeStreamsOfServer(path);
    if (!path.endsWith('.ts')) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((text, index) => (text.includes('createWriteStream(') ? [{ place: `${relative('.', path)}:${index + 1}`, text }] : []));
  });
}

describe('a file the server writes', () => {
  it('is a work file or the end of a pipeline, either of which owns its errors', () => {
    expect(existsSync('server/collect/jobs/work-file.ts')).toBe(true);
    const places = writeStreamsOfServer();
    expect(places.length).toBeGreaterThan(1);
    const bare = places.filter(({ place, text }) => !place.startsWith('server/collect/jobs/work-file.ts:') && !/\bpipeline\w*\(/.test(text));
    expect(bare).toEqual([]);
  });
});

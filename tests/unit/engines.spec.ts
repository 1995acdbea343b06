import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

/** The README promises the Node lines the manifest names: every installed package must run on the oldest release of each. */
describe('installed packages run on the promised Node lines', () => {
  it('no package in the lock file asks for a newer Node than the oldest release package.json promises on each line', () => {
    const oldest = manifest.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);
    expect(oldest.map((version) => semver.major(version))).toEqual([22, 24, 26]);
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return oldest.flatMap((version) => (wanted && !semver.satisfies(version, wanted) ? [`${path}@${entry.version} needs node ${wanted}, not ${version}`] : []));
      });
    expect(refused).toEqual([]);
  });
});

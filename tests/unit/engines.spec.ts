import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

/** The README promises the Node the manifest names: every installed package must run on its oldest. */
describe('installed packages run on the promised Node', () => {
  it('no package in the lock file asks for a newer Node than package.json promises', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    expect(oldest).toMatch(/^20\./);
    const refused = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.satisfies(oldest, wanted) ? [`${path}@${entry.version} needs node ${wanted}`] : [];
      });
    expect(refused).toEqual([]);
  });
});

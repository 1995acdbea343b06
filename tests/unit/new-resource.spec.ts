import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/testing/repoFiles';
import { migrationChecksum } from '../../scripts/migrationChecksum';

/**
 * The recipe cannot rot (the working tree, uncommitted files included, is what is copied): `npm run new:resource` scaffolds a resource with every field kind into a
 * copy of the repository, and the copy typechecks and lints the new files and passes their API test and the
 * declaration checks. The copy is deleted afterwards; the repository is never touched.
 */
const copy = mkdtempSync(join(tmpdir(), 'new-resource-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const description = {
  name: 'site-visits',
  noun: ['site visit', '현장 방문'],
  title: ['Site Visits', '현장 방문'],
  group: 'collectData',
  fields: {
    title: ['text', 'Title', '제목'],
    visitedOn: ['day?', 'Visited on', '방문일'],
    country: ['country', 'Country', '국가'],
    notes: ['note', 'Notes', '메모'],
    activeFlag: ['flag', 'Active', '사용'],
  },
};

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test', NO_COLOR: '1' }, timeout: 280_000 });
  // eslint-disable-next-line no-control-regex -- the colours a child prints anyway
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
}

describe('npm run new:resource', () => {
  it('scaffolds a resource that typechecks and passes its API test and the declaration checks', { timeout: 300_000 }, () => {
    const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && existsSync(join(REPO_ROOT, file)));
    for (const file of tracked) {
      mkdirSync(join(copy, dirname(file)), { recursive: true });
      cpSync(join(REPO_ROOT, file), join(copy, file));
    }
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    writeFileSync(join(copy, 'site-visits.json'), JSON.stringify(description));

    const scaffold = run(process.execPath, ['scripts/new-resource.mjs', 'site-visits.json']);
    expect(scaffold.status, scaffold.output).toBe(0);
    const written = [...scaffold.output.matchAll(/^wrote (.+)$/gm)].map((match) => match[1]);
    expect(written).toHaveLength(8);

    // A second run writes nothing over the first.
    expect(run(process.execPath, ['scripts/new-resource.mjs', 'site-visits.json']).status).toBe(1);

    const migration = readdirSync(join(copy, 'server/db/migrations')).find((file) => file.endsWith('_site_visits.ts'))!;
    const checksum = migrationChecksum(readFileSync(join(copy, 'server/db/migrations', migration), 'utf8'));
    appendFileSync(join(copy, 'server/db/migrations/checksums.txt'), `${migration} ${checksum}\n`);

    // Only the new files and what they import: the rest of the repository is checked by `npm run typecheck`.
    writeFileSync(join(copy, 'tsconfig.scaffold.json'), JSON.stringify({ extends: './tsconfig.test.json', include: [], files: written }));
    const typecheck = run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.scaffold.json']);
    expect(typecheck.status, typecheck.output).toBe(0);

    const lint = run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', ...written]);
    expect(lint.status, lint.output).toBe(0);
    const format = run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', ...written]);
    expect(format.status, format.output).toBe(0);

    const tests = run(process.execPath, [
      'node_modules/vitest/vitest.mjs',
      'run',
      'tests/api/site-visits.spec.ts',
      'tests/api/resource-declarations.spec.ts',
      'tests/unit/code-words-on-screens.spec.ts',
      'tests/unit/migrations-frozen.spec.ts',
    ]);
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toMatch(/Test Files\s+4 passed/);
  });
});

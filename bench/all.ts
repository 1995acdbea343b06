/**
 * `npm run bench`: every bench in turn, each in a process of its own, all of them even when one
 * exits non-zero (first-render does when it misses its target), then which did. Each bench prints
 * its own targets as met or not; not all of them exit non-zero on a miss.
 * BENCH_ONLY=bundle,calls runs those alone.
 */
import { spawnSync } from 'node:child_process';

const ALL = ['auth', 'bundle', 'first-render', 'lighthouse', 'lists', 'explorer', 'system-log', 'upload', 'writes', 'collect', 'scale-out', 'calls', 'memory'];
const only = process.env.BENCH_ONLY?.split(',');
const BENCHES = only ? ALL.filter((bench) => only.includes(bench)) : ALL;

const missed: string[] = [];
for (const bench of BENCHES) {
  console.log(`\n=== bench/${bench}.ts`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', `bench/${bench}.ts`], { stdio: 'inherit' });
  if (status !== 0) missed.push(`${bench} (exit ${status})`);
}
console.log(missed.length ? `\nexited non-zero: ${missed.join(', ')}` : '\nevery bench ran to its end (each says above which targets it met)');
process.exitCode = missed.length ? 1 : 0;

import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The every-screen survey's passes start first. Without timings from an earlier run (a fresh
 * checkout has none) vitest starts the largest files first, and the passes are the smallest files
 * but the longest runs: started last, they ran alone at the end while the other worker sat idle.
 */
class SurveyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const survey = (file: TestSpecification) => /\/every-screen[^/]*\.e2e\.ts$/.test(file.moduleId);
    return [...sorted.filter(survey), ...sorted.filter((file) => !survey(file))];
  }
}

/** Browser tests: the built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 10 s, not 1 s: a screen's first answer can take seconds on two busy cores.
    expect: { poll: { timeout: 10_000 } },
    // A failed test runs once more: on 2 shared cores a bounded wait can run out with nothing broken;
    // a broken behaviour fails both times.
    retry: 1,
    // Two files side by side. Each file starts its own server on a port of its own, its own SQLite
    // file in a directory of its own, its own browser and its own fake peers (mail, ad platform,
    // Tableau), and keeps nothing outside them; one file at a time left a core idle most of the run.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: SurveyFirst },
  },
});

import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The every-screen survey's passes first: they are the longest files, and started last (vitest
 * starts the largest files first, and theirs are small) two would run on after every other file ended.
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
    // Two files at once, each with its own server, database and browser: most of a browser test's
    // time is waiting on the page, so two side by side take little longer than one.
    maxWorkers: 2,
    sequence: { sequencer: SurveyFirst },
  },
});

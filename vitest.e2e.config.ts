import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The every-screen survey's passes first, the desktop pass that opens a record of every kind (the
 * longest file) before the others: started last (vitest starts the largest files first, and theirs
 * are small) they would run on after every other file ended.
 */
class SurveyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => (file.moduleId.endsWith('/every-screen.e2e.ts') ? 0 : /\/every-screen-[^/]*\.e2e\.ts$/.test(file.moduleId) ? 1 : 2);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
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

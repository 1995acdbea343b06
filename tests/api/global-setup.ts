import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** The PostgreSQL databases the API tests make (harness.ts): a migrated template per test process, and its clones. */
export const PG_DATABASE_PREFIX = 'console_test_';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL databases, so its teardown drops only its own while other runs share the server. */
    pgRun: string;
  }
}

export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('pgRun', run);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Clones first: a template cannot be dropped while it is one.
      const { rows } = await client.query<{ name: string }>('select datname as name from pg_database where datname like $1 order by length(datname) desc', [`${PG_DATABASE_PREFIX}${run}_%`]);
      for (const { name } of rows) await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}

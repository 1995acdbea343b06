// npm run docs:resources: rewrites the resource table of docs/api.md from the declarations, so the
// document never restates a rank or a list field by hand (tests/unit/resource-table.spec.ts checks it).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { declarations } from '../../http/resource-declarations';
import { resourceTable, withResourceTable } from '../docs/resource-table';
import { runCommand } from './run';

const API_DOC = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

await runCommand('npm run docs:resources', async () => {
  writeFileSync(API_DOC, withResourceTable(readFileSync(API_DOC, 'utf8'), resourceTable(declarations)));
});

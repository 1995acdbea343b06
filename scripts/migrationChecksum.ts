import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * A migration's checksum: SHA-256 of its code as a database runs it, without its comments. A
 * shipped migration's code never changes (a database that ran it never runs it again), but its
 * comments may be reworded like any other file's.
 */
export function migrationChecksum(source: string): string {
  const code = ts.transpileModule(source, { compilerOptions: { removeComments: true, target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext } }).outputText;
  return createHash('sha256').update(code).digest('hex');
}

// `node scripts/migrationChecksum.ts server/db/migrations/<file>.ts` prints the file's checksums.txt line.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const path of process.argv.slice(2)) console.log(`${basename(path)} ${migrationChecksum(readFileSync(path, 'utf8'))}`);
}

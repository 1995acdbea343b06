import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the thread copies committed pages from the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 100;
/**
 * The WAL size, in pages, at which a commit checkpoints by itself after all (SQLite's own default is
 * 1,000 pages). A passive checkpoint lets writers go on, so under a steady stream of saves it never
 * catches up with the last one, and only a commit's checkpoint starts the WAL afresh: this bounds the
 * file (about 40 MiB), and is all there is if the thread has stopped.
 */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;
/** How long closing waits for the thread to let go of the file (a checkpoint under way finishes first). */
const CLOSE_WAIT_MS = 5_000;

const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');
/**
 * Plain JavaScript, so the thread needs no TypeScript loader. The state cell is 1 once the
 * thread's connection is closed, whether asked to or because it could not open.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const done = () => { Atomics.store(state, 0, 1); Atomics.notify(state, 0); };
try {
  const db = new (require(workerData.driver))(workerData.path, { fileMustExist: true });
  db.pragma('synchronous = NORMAL');
  const timer = setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, workerData.everyMs);
  parentPort.on('message', () => { clearInterval(timer); db.close(); done(); parentPort.close(); });
} catch { done(); }
`;

/**
 * Checkpoints a SQLite database in WAL mode from a thread of its own. A commit that crosses SQLite's
 * checkpoint threshold otherwise copies the WAL into the file and waits for two disk flushes itself
 * (a few milliseconds, once every hundred or so saves: half of a save's commit time on average, and
 * its slowest answers). A passive checkpoint never blocks readers or writers, so the thread can run
 * beside them; durability is SQLite's own, unchanged. Returns the function that stops it, waiting
 * until the thread has closed its connection, so the server's own close remains the last one
 * (which checkpoints the rest and removes the WAL file).
 */
export function checkpointInBackground(sqlite: SqliteDatabase.Database, path: string): () => void {
  const state = new SharedArrayBuffer(4);
  const worker = new Worker(THREAD, {
    eval: true,
    execArgv: [],
    workerData: { driver: DRIVER, path, state, everyMs: CHECKPOINT_EVERY_MS },
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  // The server's close ends the thread; an idle one does not keep a process alive.
  worker.unref();
  // A thread that fails leaves checkpoints to the commits (the fallback threshold), as SQLite does by default.
  worker.on('error', () => undefined);
  worker.on('exit', () => Atomics.store(new Int32Array(state), 0, 1));
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  return () => {
    worker.postMessage('close');
    Atomics.wait(new Int32Array(state), 0, 0, CLOSE_WAIT_MS);
    void worker.terminate();
  };
}

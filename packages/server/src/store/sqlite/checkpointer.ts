// WAL checkpoints on a worker thread. With SQLite's automatic checkpoints, every ~1,000 pages one
// unlucky commit on the event loop also copies the WAL into the database file and fsyncs both (tens
// of milliseconds, in every answer waiting behind it). Here the writing connection never
// checkpoints; a second connection on a worker thread runs PASSIVE checkpoints, which never block the
// writer, and SQLite restarts the WAL from its start once a checkpoint has caught up.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker looks at the WAL (a checkpoint with nothing to copy costs microseconds). */
const INTERVAL_MS = 200;

// Plain JavaScript evaluated in the worker, so it runs the same from source and from the bundle.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export class Checkpointer {
  private readonly worker: Worker;
  private stopped = false;

  /** `onFailure`: the worker could not run; the caller turns automatic checkpoints back on. */
  constructor(file: string, onFailure: (error: unknown) => void) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: INTERVAL_MS } });
    this.worker.on('error', (error) => {
      if (!this.stopped) onFailure(error);
    });
    this.worker.on('message', (message: { error?: string }) => {
      if (message.error && !this.stopped) {
        // Rather than a WAL that grows without end: stop, and let the writer checkpoint again.
        onFailure(new Error(message.error));
        void this.stop();
      }
    });
    // A checkpoint worker must not keep a process alive that has nothing else to do (after the
    // listeners: adding a message listener refs the worker's port again).
    this.worker.unref();
  }

  /** Stops the worker and closes its connection (before the writer closes the database). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // Kept alive until the worker has closed its connection (a shutdown awaits this).
    this.worker.ref();
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('stop');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2_000)))]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}

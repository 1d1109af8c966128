// Durability of group commits without blocking the event loop. A decision batch commits with
// `synchronous=NORMAL` (SQLite writes the WAL frames but does not fsync them) and its answers wait for
// an `fdatasync` of the WAL file on libuv's thread pool. An fdatasync that starts after a commit's
// write() has returned puts that commit on disk, exactly what `synchronous=FULL` would have done in the
// commit itself; meanwhile the event loop decides and commits the next batch (pipelining).
//
// Why this is safe: the WAL is append-only and recovery replays it up to the last valid commit
// frame, so durability is prefix-closed; and in NORMAL mode SQLite still syncs the WAL before every
// checkpoint and syncs the WAL header whenever it starts reusing the file
// (https://sqlite.org/pragma.html#pragma_synchronous). Readers may see a committed batch a moment
// before it is durable; nothing durable can depend on it, because every later write lands after it
// in the same WAL, and no answer about it leaves before the sync.
import { closeSync, existsSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

interface Waiters {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function waiters(): Waiters {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Told how long each WAL fdatasync took, in seconds, and whether it failed: what `/metrics`
 * reports as WAL sync time. Process-wide, since the syncs happen below any one request.
 */
export type WalSyncObserver = (seconds: number, failed: boolean) => void;
export const walSyncObservers = new Set<WalSyncObserver>();

function tell(began: bigint, failed: boolean): void {
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  for (const observer of walSyncObservers) {
    try {
      observer(seconds, failed);
    } catch {
      // A broken observer must never fail a sync.
    }
  }
}

export class WalSync {
  private fd: number | null = null;
  private running: Promise<void> | null = null;
  /** Callers that wrote after the running sync began: they need the next one. */
  private next: Waiters | null = null;

  /**
   * `walFile`: the database's `-wal` file; null for an in-memory database (nothing to sync).
   * `sync`: fdatasync, replaceable to test what happens when the disk fails.
   */
  constructor(
    private readonly walFile: string | null,
    private readonly sync: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void = fdatasync,
  ) {}

  /** Resolves once everything written to the WAL before this call is on disk. */
  durable(): Promise<void> {
    if (this.walFile === null) return Promise.resolve();
    if (!this.running) return this.start();
    // The running sync may have started before the caller's write: it must wait for the next one.
    this.next ??= waiters();
    return this.next.promise;
  }

  /** Syncs on the calling thread (shutdown: nothing may be left unsynced when the process exits). */
  durableNow(): void {
    const fd = this.walFile === null ? null : this.open();
    if (fd !== null) fdatasyncSync(fd);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private start(): Promise<void> {
    const run = new Promise<void>((resolve, reject) => {
      let fd: number | null;
      try {
        fd = this.open();
      } catch (error) {
        reject(error);
        return;
      }
      if (fd === null) return resolve();
      const began = process.hrtime.bigint();
      this.sync(fd, (error) => {
        tell(began, error !== null);
        if (error) reject(error);
        else resolve();
      });
    });
    this.running = run;
    const settled = () => {
      this.running = null;
      const queued = this.next;
      this.next = null;
      if (queued) this.start().then(queued.resolve, queued.reject);
    };
    run.then(settled, settled);
    return run;
  }

  /** The WAL file exists from the first commit on and SQLite keeps it while the database is open. */
  private open(): number | null {
    if (this.fd === null && this.walFile !== null && existsSync(this.walFile)) this.fd = openSync(this.walFile, 'r+');
    return this.fd;
  }
}

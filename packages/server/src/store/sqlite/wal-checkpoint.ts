// Issue 15: the SQLite store's checkpoints without their fsyncs on the event loop.
//
// SQLite's own checkpoint (automatic, or `wal_checkpoint` on the writer) syncs the WAL, copies its
// pages into the database file, syncs the database file, and the next commit restarts the WAL and
// syncs its header: three device flushes on the event loop, every ~2,000 WAL pages. The store runs
// it in three steps instead (sqlite-store.ts, `copyCheckpoint`):
//
// 1. The WAL is already on disk: the copy runs only in the answer of a commit whose own WAL sync
//    (wal-sync.ts) began after it, with no commit since (the store holds new decisions once a
//    checkpoint is due, so one such answer comes).
// 2. The copy, with `synchronous=OFF` (SQLite then syncs nothing): page-cache writes only.
// 3. An fdatasync of the database file on the thread pool (`DatabaseFileSync`). Until it is done no
//    write may commit: the next commit restarts the WAL over frames whose pages the database file
//    may not yet hold on disk. Decisions and synced writes wait for it without blocking the loop;
//    any other write that comes meanwhile syncs the database file on its own thread first (write-guard.ts).
//
// Why not a second connection on a worker thread: the store runs `locking_mode = EXCLUSIVE` (issue 23:
// no `-shm` mapping, so a disk fault cannot SIGBUS the process), and with it SQLite keeps the WAL
// index in the writer's heap and no other connection can open the database (SQLITE_BUSY, in this
// process too); better-sqlite3 offers no URI or VFS choice (`unix-excl` would share a heap index).
import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

/** What `/metrics` is told of each checkpoint: WAL pages copied, and whether a step failed. */
export interface CheckpointReport {
  pages: number;
  /** The copy's time on the event loop, in seconds. */
  copySeconds: number;
  /** The database file's sync on the thread pool, in seconds. */
  syncSeconds: number;
  failed: 'copy' | 'sync' | null;
}
export type CheckpointObserver = (report: CheckpointReport) => void;
export const checkpointObservers = new Set<CheckpointObserver>();

export function reportCheckpoint(report: CheckpointReport): void {
  for (const observer of checkpointObservers) {
    try {
      observer(report);
    } catch {
      // A broken observer must never fail a checkpoint.
    }
  }
}

/**
 * The database file's fdatasync after a copy: on the thread pool, or on the calling thread for a write
 * that cannot wait. Two descriptors, opened with the store and kept: Linux reports a writeback error
 * once per open file description, to its next fsync, so the two syncs (which may overlap) each hear of
 * every error of pages the copy wrote.
 */
export class DatabaseFileSync {
  private fds: [pool: number, now: number] | null;

  constructor(
    file: string | null,
    private readonly sync: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void = fdatasync,
  ) {
    if (file === null) {
      this.fds = null;
      return;
    }
    const pool = openSync(file, 'r+');
    try {
      this.fds = [pool, openSync(file, 'r+')];
    } catch (error) {
      closeSync(pool);
      throw error;
    }
  }

  /** On the thread pool. */
  durable(): Promise<void> {
    const fds = this.fds;
    if (fds === null) return Promise.resolve();
    return new Promise((resolve, reject) => this.sync(fds[0], (error) => (error ? reject(error) : resolve())));
  }

  /** On the calling thread (write-guard.ts). */
  durableNow(): void {
    if (this.fds !== null) fdatasyncSync(this.fds[1]);
  }

  close(): void {
    for (const fd of this.fds ?? []) closeSync(fd);
    this.fds = null;
  }
}

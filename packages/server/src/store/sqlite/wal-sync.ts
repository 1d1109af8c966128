// Durability of group commits without blocking the event loop. A decision batch commits with
// `synchronous=NORMAL` (SQLite writes the WAL frames but does not fsync them) and its answers wait for
// an `fdatasync` of the WAL file on libuv's thread pool. An fdatasync that starts after a commit's
// write() has returned puts that commit on disk, exactly what `synchronous=FULL` would have done in the
// commit itself; meanwhile the event loop decides and commits the next batch (pipelining).
//
// Why this is safe: the WAL is append-only and recovery replays it up to the last valid commit
// frame, so durability is prefix-closed; and in NORMAL mode SQLite still syncs the WAL header whenever
// it starts reusing the file (https://sqlite.org/pragma.html#pragma_synchronous), while the store's
// checkpoints copy only a WAL this class synced and sync the database file before the WAL is reused
// (wal-checkpoint.ts; issue 15). Readers may see a committed batch a moment
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
  if (walSyncObservers.size === 0) return;
  // Issue 15: told in the next turn, once the answers this sync releases were written.
  setImmediate(() => {
    for (const observer of walSyncObservers) {
      try {
        observer(seconds, failed);
      } catch {
        // A broken observer must never fail a sync.
      }
    }
  });
}

/**
 * How many fdatasyncs may run at once. A commit written while one runs starts its own at once
 * (issue 15: it waited for the running one to end, then for its own: ~1.5 syncs at low rates);
 * a commit written while both run waits for the next to start, which then serves every such commit.
 */
const SYNCS_IN_FLIGHT = 2;

export class WalSync {
  /**
   * One descriptor per sync in flight, all opened together. Linux reports a writeback error once
   * per open file description, to its next fsync: two overlapping syncs on one descriptor could see
   * it reported to only one of them. Opened at the same moment, each descriptor hears of every
   * error from then on.
   */
  private fds: number[] | null = null;
  private readonly busy: boolean[] = Array.from({ length: SYNCS_IN_FLIGHT }, () => false);
  /**
   * The answers of syncs not yet settled. A sync's callers are answered only once every sync still
   * pending when it started has succeeded too: their commits lie after the earlier ones in the WAL,
   * and recovery replays it only up to the first frame that is missing.
   */
  private readonly pending = new Set<Promise<void>>();
  /** Callers that wrote while every sync slot was busy: they share the next sync to start. */
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
    // A sync that starts now began after the caller's write: it covers it.
    const free = this.busy.indexOf(false);
    if (free >= 0) return this.start(free);
    // The running syncs may have started before the caller's write: it must wait for the next one.
    this.next ??= waiters();
    return this.next.promise;
  }

  /** Syncs on the calling thread (shutdown: nothing may be left unsynced when the process exits). */
  durableNow(): void {
    const fds = this.walFile === null ? null : this.open();
    // On a descriptor no sync is running on, if there is one: two syncs on one descriptor can split an error.
    if (fds !== null) fdatasyncSync(fds[Math.max(0, this.busy.indexOf(false))]);
  }

  close(): void {
    for (const fd of this.fds ?? []) closeSync(fd);
    this.fds = null;
  }

  private start(slot: number): Promise<void> {
    this.busy[slot] = true;
    const own = new Promise<void>((resolve, reject) => {
      let fds: number[] | null;
      try {
        fds = this.open();
      } catch (error) {
        reject(error);
        return;
      }
      if (fds === null) return resolve();
      const began = process.hrtime.bigint();
      this.sync(fds[slot], (error) => {
        tell(began, error !== null);
        if (error) reject(error);
        else resolve();
      });
    });
    // Issue 15: with no earlier sync unsettled (a lone decision's case) its own sync is the answer,
    // two promise hops sooner.
    const answered = this.pending.size === 0 ? own : Promise.all([...this.pending, own]).then(() => undefined);
    this.pending.add(answered);
    const forget = () => void this.pending.delete(answered);
    answered.then(forget, forget);
    const settled = () => {
      this.busy[slot] = false;
      const queued = this.next;
      this.next = null;
      if (queued) this.start(slot).then(queued.resolve, queued.reject);
    };
    own.then(settled, settled);
    return answered;
  }

  /** The WAL file exists from the first commit on and SQLite keeps it while the database is open. */
  private open(): number[] | null {
    if (this.fds === null && this.walFile !== null && existsSync(this.walFile)) {
      const fds: number[] = [];
      try {
        for (let i = 0; i < SYNCS_IN_FLIGHT; i++) fds.push(openSync(this.walFile, 'r+'));
      } catch (error) {
        for (const fd of fds) closeSync(fd);
        throw error;
      }
      this.fds = fds;
    }
    return this.fds;
  }
}

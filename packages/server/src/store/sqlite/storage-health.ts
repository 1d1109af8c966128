// The SQLite store's storage state (issue 23): the current fault, who is told about it, and the
// monitor that checks the files' identity on a short timer, checkpoints and probes with a real write
// while a passing fault lasts, and clears it once the write succeeds (the node recovers by itself).
import type Database from 'better-sqlite3';
import {
  classifyStorageError,
  StoreUnavailable,
  type StorageFault,
  type StorageFaultKind,
  type StorageFaultListener,
} from '../storage-status.ts';
import type { FileIdentityWatch } from './file-identity-watch.ts';

/**
 * Pragmas that keep storage faults from killing the process. In WAL mode SQLite maps the `-shm`
 * file into memory; a write fault on a mapped page is a SIGBUS, and the process dies without a log
 * line. With `locking_mode = EXCLUSIVE` set before WAL mode is entered the WAL index lives in heap
 * memory and no `-shm` exists. The price: one process per database (already the case; another
 * process, the sqlite3 shell included, cannot open it while the server runs). Must run before
 * anything reads the database.
 */
export function applyFaultSafePragmas(db: Database.Database): void {
  db.pragma('locking_mode = EXCLUSIVE');
}

export class StorageHealth {
  private current: StorageFault | null = null;
  private readonly listeners = new Set<StorageFaultListener>();

  constructor(private readonly clock: () => number = Date.now) {}

  get fault(): StorageFault | null {
    return this.current;
  }

  /** Records a fault; a permanent one is never replaced by a passing one. */
  report(kind: StorageFaultKind, detail: string, permanent: boolean): void {
    if (this.current?.permanent && !permanent) return;
    if (this.current?.kind === kind && this.current.detail === detail) return;
    this.current = { kind, detail, since: this.clock(), permanent };
    this.tell();
  }

  /** Records `error` when it is the storage failing; says whether it was. */
  noteError(error: unknown): boolean {
    const found = classifyStorageError(error);
    if (found) this.report(found.kind, found.detail, false);
    return found !== null;
  }

  /** A write succeeded: a passing fault is over. */
  recovered(): void {
    if (!this.current || this.current.permanent) return;
    this.current = null;
    this.tell();
  }

  /** The error to answer with while there is a fault. */
  unavailable(): StoreUnavailable {
    return new StoreUnavailable(this.current!);
  }

  listen(listener: StorageFaultListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}

export interface StorageMonitorOptions {
  health: StorageHealth;
  identity: FileIdentityWatch;
  db: Database.Database;
  /** How often the files' identity is checked, and a passing fault probed (ms). */
  intervalMs?: number;
  /** How often a healthy store proves it can still write (ms); a disk that filled up is seen without traffic. */
  healthyProbeMs?: number;
  /**
   * Issue 15: how a healthy store's probe is committed: resolves once it is on disk, its fsync off the
   * event loop (the store's `syncedWrite`). Without it, and while a fault lasts, the probe commits
   * with its own fsync, on this thread (a fault's recovery is reported at once).
   */
  syncedWrite?: (write: () => void) => Promise<void>;
}

/** The timer: identity every tick; while a passing fault lasts, checkpoint and probe every tick. */
export class StorageMonitor {
  private readonly timer: NodeJS.Timeout;
  private readonly probeStatement: Database.Statement;
  private lastProbe = 0;

  constructor(private readonly options: StorageMonitorOptions) {
    this.probeStatement = options.db.prepare(
      'INSERT INTO storage_probe (id, probed_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at',
    );
    this.timer = setInterval(() => this.tick(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** One round of checks (identity only). */
  checkIdentity(): boolean {
    const { health, identity } = this.options;
    if (health.fault?.kind === 'files_replaced') return false;
    let changed: string | null;
    try {
      changed = identity.check();
    } catch (error) {
      changed = `the database files cannot be checked (${(error as Error).message})`;
    }
    if (!changed) return true;
    health.report('files_replaced', `${changed}; decisions written now would be lost. Restore the files or restart`, true);
    return false;
  }

  /**
   * Issue 15: `checkIdentity` before a group commit is answered, in one stat of the data directory
   * when nothing in it changed since a check passed (file-identity-watch.ts), else the full check.
   */
  confirmIdentity(): boolean {
    if (this.options.health.fault?.kind === 'files_replaced') return false;
    return this.options.identity.unchangedSincePassed() || this.checkIdentity();
  }

  tick(now: number = Date.now()): void {
    if (!this.checkIdentity()) return;
    const { health, db } = this.options;
    if (!db.open || health.fault?.permanent) return;
    const due = health.fault !== null || now - this.lastProbe >= (this.options.healthyProbeMs ?? 10_000);
    if (!due) return;
    this.lastProbe = now;
    const failed = (error: unknown) => {
      if (!health.noteError(error)) health.report('io_error', `a probe write failed: ${(error as Error).message}`, false);
    };
    const write = () => void this.probeStatement.run(now);
    try {
      if (!health.fault && this.options.syncedWrite) {
        // A real write, on disk before it counts: readiness means writable, not reachable.
        this.options.syncedWrite(write).catch(failed);
        return;
      }
      // As soon as space allows, fold the WAL into the database and give its space back.
      if (health.fault) db.pragma('wal_checkpoint(TRUNCATE)');
      // A real, fsynced write (the store's default synchronous=FULL): readiness means writable, not reachable.
      write();
      health.recovered();
    } catch (error) {
      failed(error);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

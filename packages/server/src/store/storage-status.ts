// Whether the store can take writes now (issue 23). A fault turns decisions into 503 answers and
// readiness false; the store clears a passing fault itself when a probe write succeeds again.
// Kept small so the PostgreSQL store can report the same way (an unreachable database is a fault).

export type StorageFaultKind =
  /** The database files were deleted or replaced under the running server: writes go nowhere. */
  | 'files_replaced'
  /** The disk (or volume) is full. */
  | 'disk_full'
  /** The files or the file system became read-only. */
  | 'read_only'
  /** The disk answered an I/O error. */
  | 'io_error'
  /** An fsync of a group commit failed: nothing written since can be trusted to be on disk. */
  | 'sync_failed';

export interface StorageFault {
  kind: StorageFaultKind;
  /** In words, lowercase: the `detail` of the 503 answers and the log line. */
  detail: string;
  /** When the fault was seen (ms). */
  since: number;
  /** Cleared only by a restart (replaced files, a failed fsync); the others clear when a write succeeds again. */
  permanent: boolean;
}

export type StorageFaultListener = (fault: StorageFault | null) => void;

export interface StorageStatus {
  /** The current fault, or null when the store can write and its last group commit was durable. */
  storageFault(): StorageFault | null;
  /** Called when a fault starts, changes or clears (null); returns the unsubscribe function. */
  onStorageFault(listener: StorageFaultListener): () => void;
}

/** Thrown instead of deciding while the store has a fault: a 503 whose detail says why, never a verdict. */
export class StoreUnavailable extends Error {
  constructor(readonly fault: StorageFault) {
    super(`the store cannot record decisions: ${fault.detail}`);
  }
}

const BY_CODE: Array<[RegExp, StorageFaultKind, string]> = [
  [/^(SQLITE_FULL|ENOSPC|EDQUOT)$/, 'disk_full', 'the disk is full'],
  [/^(SQLITE_READONLY.*|EROFS|EACCES|EPERM)$/, 'read_only', 'the database files cannot be written (read-only)'],
  [/^(SQLITE_IOERR.*|SQLITE_CANTOPEN.*|EIO)$/, 'io_error', 'the disk answered an i/o error'],
  // PostgreSQL: connection exceptions (class 08), the server shutting down (57P01-03), sockets refused or cut.
  [/^(08\w{3}|57P0[1-3]|ECONNREFUSED|ECONNRESET)$/, 'io_error', 'the database is unreachable'],
];

/** Whether an error thrown by a write is the storage failing (not a bug or a constraint), and which way. */
export function classifyStorageError(error: unknown): { kind: StorageFaultKind; detail: string } | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  for (const [pattern, kind, words] of BY_CODE) if (pattern.test(code)) return { kind, detail: `${words} (${code})` };
  return null;
}

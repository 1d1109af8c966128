// Whether the PostgreSQL store can take writes now (the StorageStatus of issue 23 for PostgreSQL).
// The database going away is the fault here: a connection refused or cut, or the server shutting
// down. It is seen by the store's own queries and readiness pings, and clears when one succeeds.
import type { StorageFault, StorageFaultListener, StorageStatus } from '../storage-status.ts';

/** SQLSTATE classes and socket errors that mean "the database is not reachable", not "the query was wrong". */
const UNREACHABLE_CODES = /^(08\w{3}|57P0[1-3]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE)$/;

export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return UNREACHABLE_CODES.test(code);
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

export class PostgresStorageStatus implements StorageStatus {
  private fault: StorageFault | null = null;
  private readonly listeners = new Set<StorageFaultListener>();

  constructor(private readonly clock: () => number = Date.now) {}

  storageFault(): StorageFault | null {
    return this.fault;
  }

  onStorageFault(listener: StorageFaultListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A query failed: when the database is out of reach, that is the node's fault until a query succeeds. */
  failed(error: unknown): void {
    if (!isUnreachable(error) || this.fault) return;
    const code = (error as { code?: unknown }).code;
    this.set({
      kind: 'io_error',
      detail: `the database is unreachable${typeof code === 'string' ? ` (${code})` : ''}`,
      since: this.clock(),
      permanent: false,
    });
  }

  /** A query succeeded: the database is back. */
  succeeded(): void {
    if (this.fault) this.set(null);
  }

  private set(fault: StorageFault | null): void {
    this.fault = fault;
    for (const listener of this.listeners) listener(fault);
  }
}

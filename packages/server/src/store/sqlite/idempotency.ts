// Idempotency keys of decision requests. Called only inside the decision transaction, so two
// concurrent repeats of one key are serialised: the second finds the first's row and replays it.
import type Database from 'better-sqlite3';
import { IdempotencyKeyReused, type DecisionJob } from '../store.ts';
import type { DecisionWrite } from '../decision-transaction.ts';

type Idempotency = NonNullable<DecisionJob['idempotency']>;

export class IdempotencyKeys {
  private readonly find: Database.Statement;
  private readonly prune: Database.Statement;
  private readonly insert: Database.Statement;

  constructor(db: Database.Database) {
    this.find = db.prepare(
      `SELECT request_hash, decision_id FROM idempotency_keys
       WHERE tenant_id = ? AND key_id = ? AND idempotency_key = ? AND created_at > ?`,
    );
    // Expired keys of the same API key go when a new one is stored, so the table stays bounded.
    this.prune = db.prepare('DELETE FROM idempotency_keys WHERE tenant_id = ? AND key_id = ? AND created_at <= ?');
    this.insert = db.prepare(
      `INSERT INTO idempotency_keys (tenant_id, key_id, idempotency_key, request_hash, decision_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
  }

  /**
   * The decision id stored earlier under this key, or null when the key is new or expired.
   * Throws `IdempotencyKeyReused` when the key was used for a different request.
   */
  replayOf(job: DecisionJob, idempotency: Idempotency): string | null {
    const row = this.find.get(job.tenantId, job.key.id, idempotency.key, job.now - idempotency.windowMs) as
      { request_hash: string; decision_id: string } | undefined;
    if (!row) return null;
    if (row.request_hash !== idempotency.requestHash) throw new IdempotencyKeyReused(row.decision_id);
    return row.decision_id;
  }

  /** Records the decision just made under this key (planned in decision-transaction.ts). */
  remember(entry: Extract<DecisionWrite, { kind: 'remember-idempotency' }>): void {
    this.prune.run(entry.tenantId, entry.keyId, entry.now - entry.windowMs);
    this.insert.run(entry.tenantId, entry.keyId, entry.key, entry.requestHash, entry.decisionId, entry.now);
  }
}

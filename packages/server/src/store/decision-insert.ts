// A decision row as both stores insert it: the columns, and the values in their order (the payload
// and stages packed into `body`, hashes and signatures as bytes). Positional, not named: binding
// twenty values by name cost SQLite ~1.3 µs more per decision (issue 15).
import type { DecisionRow } from './store.ts';
import { encodeDecisionBody } from './sqlite/decision-body.ts';

export const DECISION_INSERT_COLUMNS = `id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk, detail,
  created_at, signature, signing_key_id, approval_id, trace_id, body, journal_seq, signed_v`;

/** The values of `DECISION_INSERT_COLUMNS` for a decision whose journal entry is `journalSeq`. */
export function decisionInsertValues(row: DecisionRow, journalSeq: number | null): unknown[] {
  return [
    row.id,
    row.tenantId,
    row.agentId,
    row.keyId,
    row.path,
    Buffer.from(row.payloadHash, 'hex'),
    row.verdict,
    row.blocked ? 1 : 0,
    row.enforcing ? 1 : 0,
    row.mode,
    row.risk,
    row.detail,
    row.createdAt,
    Buffer.from(row.signature, 'base64url'),
    row.signingKeyId,
    row.approvalId,
    row.traceId ?? null,
    encodeDecisionBody(JSON.stringify(row.payload ?? {}), row.stages),
    journalSeq,
    row.signedVersion ?? 1,
  ];
}

// A decision's usual writes as ONE statement on PostgreSQL: its row, its journal entry and the tip's
// move, its agent's record (and its key's) or the agent seen now, and its `decision.created` event,
// as data-modifying CTEs of the decision's INSERT. Each of those is a table of its own, so no row is
// changed twice in the statement. Every statement a decision sends costs a Bind/Execute/Sync and a
// ReadyForQuery on both sides; three statements fewer per decision.
import { DECISION_INSERT_COLUMNS } from '../decision-insert.ts';
import type { DecisionWrite } from '../decision-transaction.ts';
import { decisionCreatedWith } from './postgres-events.ts';
import { journalAppendWith } from './postgres-journal.ts';

/** A decision's agent, seen now with its new record (from `$first`: tenant, agent, approved, blocked, recent blocked, now). */
export function agentSaveAt(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `INSERT INTO agents (tenant_id, agent_id, approved, blocked, recent_blocked, created_at, last_seen_at)
    VALUES (${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(5)})
    ON CONFLICT (tenant_id, agent_id) DO UPDATE SET approved = excluded.approved, blocked = excluded.blocked,
      recent_blocked = excluded.recent_blocked, last_seen_at = excluded.last_seen_at`;
}

/** A decision's agent seen now, its record unchanged (from `$first`: tenant, agent, now). */
export function agentTouchAt(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `INSERT INTO agents (tenant_id, agent_id, created_at, last_seen_at) VALUES (${p(0)}, ${p(1)}, ${p(2)}, ${p(2)})
    ON CONFLICT (tenant_id, agent_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`;
}

/** Which of a decision's planned writes its one statement carries besides the journal entry and the row. */
export interface FoldedWrites {
  /** `saved`: the agent's new record and the key's (two writes); `touched`: the agent seen now. */
  agent: 'saved' | 'touched';
  /** Indexes in the plan of the writes the statement carries (the agent's and the key's records). */
  carried: ReadonlySet<number>;
}

/**
 * The writes one statement can carry, or null (then each goes as before): the plan must hold a
 * `decision` journal entry right before the row, and the agent's record with the key's right after
 * it, or the agent seen now. Moving those writes to the row's statement changes nothing another
 * write of the plan reads: none of them reads agents or keys' records.
 */
export function foldDecisionWrites(writes: readonly DecisionWrite[]): FoldedWrites | null {
  const journal = writes.findIndex(
    (write, i) => write.kind === 'journal' && write.type === 'decision' && writes[i + 1]?.kind === 'insert-decision',
  );
  if (journal < 0) return null;
  const saved = writes.findIndex((write, i) => write.kind === 'save-agent' && writes[i + 1]?.kind === 'key-record');
  if (saved >= 0) return { agent: 'saved', carried: new Set([saved, saved + 1]) };
  const touched = writes.findIndex((write) => write.kind === 'touch-agent');
  if (touched >= 0) return { agent: 'touched', carried: new Set([touched]) };
  return null;
}

/**
 * The statement: parameters $1–$20 the row (`decisionInsertValues`), $21–$28 the journal entry,
 * $29–$31 the event (`decisionCreatedValues`), then the agent's ($32–) and, when saved, the key's
 * record (approved, blocked, recent blocked, key id: $38–$41). Answers the row's seq and the event's.
 */
export function decisionStatement(agent: FoldedWrites['agent']): { name: string; text: string } {
  const agentWrite =
    agent === 'saved'
      ? `agent AS (${agentSaveAt(32)}), key_record AS (UPDATE keys SET approved = $38, blocked = $39, recent_blocked = $40 WHERE id = $41)`
      : `agent AS (${agentTouchAt(32)})`;
  return {
    name: `decision_write_${agent}`,
    text: `${journalAppendWith(21)}, ${decisionCreatedWith(29)}, ${agentWrite}
      INSERT INTO decisions (${DECISION_INSERT_COLUMNS})
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
      RETURNING seq, (SELECT seq FROM created) AS event_seq`,
  };
}

type SaveAgent = Extract<DecisionWrite, { kind: 'save-agent' }>;
type KeyRecord = Extract<DecisionWrite, { kind: 'key-record' }>;

/** An agent's saved record as parameters: tenant, agent, approved, blocked, recent blocks, now. */
export function agentSaveValues(write: SaveAgent): unknown[] {
  return [
    write.tenantId,
    write.agentId,
    write.record.approved,
    write.record.blocked,
    JSON.stringify(write.record.recentBlockedAt),
    write.now,
  ];
}

/** A key's record as parameters: approved, blocked, recent blocks, key id. */
export function keyRecordValues(write: KeyRecord): unknown[] {
  return [write.record.approved, write.record.blocked, JSON.stringify(write.record.recentBlockedAt), write.keyId];
}

/** The statement's parameters from $32 on: the carried writes' values. */
export function foldedAgentValues(writes: readonly DecisionWrite[], folded: FoldedWrites): unknown[] {
  const values: unknown[] = [];
  for (const at of [...folded.carried].sort((a, b) => a - b)) {
    const write = writes[at];
    if (write.kind === 'save-agent') values.push(...agentSaveValues(write));
    else if (write.kind === 'key-record') values.push(...keyRecordValues(write));
    else if (write.kind === 'touch-agent') values.push(write.tenantId, write.agentId, write.now);
  }
  return values;
}

// Issue 15: an agent's decisions, newest first, without a (tenant, agent, seq) index. That index's
// entries sat on one leaf per agent, so a group commit of N agents' decisions dirtied N of its pages
// (0.9 of 2.9 WAL pages per decision at 6 in flight). Instead:
//
//   INVARIANT: agents.last_decision_seq is the seq of the agent's latest decision, and each decision's
//   agent_prev_seq is the seq of the same agent's decision before it (null for its first).
//
// Both are written in the decision's transaction, into pages it writes anyway (its own row, its agent's
// row; seqs only grow: decision-seq.ts), so the chain is exact whenever a transaction committed or
// rolled back. Walking it costs one rowid lookup per decision, as the index's row lookups did. Each
// step also checks tenant, agent and that seqs fall, so a damaged row ends a walk, never loops it.
import type Database from 'better-sqlite3';

/**
 * The chain from the decision `start` (an SQL value; only if it is the agent's) down, newest first,
 * with seq >= `floor` when given. `tenant` and `agent` are SQL values too.
 */
function chainSql(start: string, tenant: string, agent: string, floor = ''): string {
  const above = floor && ` AND d.seq >= ${floor}`;
  return `WITH RECURSIVE chain(seq, prev) AS (
    SELECT seq, agent_prev_seq FROM decisions WHERE seq = ${start} AND tenant_id = ${tenant} AND agent_id = ${agent}
    UNION ALL
    SELECT d.seq, d.agent_prev_seq FROM chain CROSS JOIN decisions d ON d.seq = chain.prev
    WHERE d.seq < chain.seq AND d.tenant_id = ${tenant} AND d.agent_id = ${agent}${above}
  )`;
}

/**
 * The agent's decisions from `@start` down, with the list's other filters, newest first. CROSS JOIN
 * keeps the chain the outer loop and a recursive CTE's queue is first in, first out (SQLite), so rows
 * come in the chain's order and LIMIT stops the walk.
 */
export function agentListSql(filters: string[]): string {
  const where = filters.length ? `WHERE ${filters.join(' AND ')}` : '';
  return `${chainSql('@start', '@tenantId', '@agentId')} SELECT d.* FROM chain CROSS JOIN decisions d ON d.seq = chain.seq ${where} LIMIT @limit`;
}

/** Where a walk of the agent's decisions starts: its latest decision, or its latest before a seq. */
export class AgentChainStart {
  private readonly head: Database.Statement;
  private readonly link: Database.Statement;
  private readonly before: Database.Statement;

  constructor(db: Database.Database) {
    this.head = db.prepare('SELECT last_decision_seq FROM agents WHERE tenant_id = ? AND agent_id = ?').pluck();
    this.link = db.prepare('SELECT tenant_id, agent_id, agent_prev_seq FROM decisions WHERE seq = ?');
    // A seq that is not the agent's (a cursor of another listing): the tenant's decisions walked back
    // from it, as a list filtered on a column without an index is.
    this.before = db
      .prepare(
        'SELECT seq FROM decisions INDEXED BY decisions_by_tenant WHERE tenant_id = ? AND seq < ? AND agent_id = ? ORDER BY seq DESC LIMIT 1',
      )
      .pluck();
  }

  /** The seq of the agent's latest decision below `beforeSeq` (or of all), null when there is none. */
  of(tenantId: string, agentId: string, beforeSeq?: number): number | null {
    const head = (this.head.get(tenantId, agentId) as number | null | undefined) ?? null;
    if (head === null || beforeSeq === undefined || head < beforeSeq) return head;
    // The usual cursor: the last decision of the page before, the agent's own.
    const at = this.link.get(beforeSeq) as { tenant_id: string; agent_id: string; agent_prev_seq: number | null } | undefined;
    if (at && at.tenant_id === tenantId && at.agent_id === agentId) return at.agent_prev_seq;
    return (this.before.get(tenantId, beforeSeq, agentId) as number | undefined) ?? null;
  }
}

/**
 * COUNT of the agent's decisions with seq >= `floor` (SQL scalar) that match `filter`: the chain
 * walked from the agent's latest decision down to the floor.
 */
export function agentCountSql(floor: string, filter: string): string {
  const head = '(SELECT last_decision_seq FROM agents WHERE tenant_id = @tenant AND agent_id = @agent)';
  return `${chainSql(head, '@tenant', '@agent', floor)} SELECT COUNT(*) AS n FROM chain CROSS JOIN decisions d ON d.seq = chain.seq
    WHERE d.seq >= ${floor} AND ${filter}`;
}

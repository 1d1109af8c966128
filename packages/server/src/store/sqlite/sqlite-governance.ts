// Governance state in SQLite (tables of the issue-21 migration in schema.ts). Plain SQL that
// PostgreSQL reads the same way; the twin is postgres/postgres-governance.ts.
import type Database from 'better-sqlite3';
import type { ApprovalRow } from '../store.ts';
import type {
  ApprovalRequestRow,
  ApprovalVoteRow,
  ApproverKeyRow,
  AuthorityRow,
  GovernancePolicyRow,
  GovernanceStore,
  TrajectoryPolicyRow,
} from '../governance-store.ts';
import {
  APPROVAL_REQUEST_COLUMNS,
  AUTHORITY_COLUMNS,
  POLICY_COLUMNS,
  VOTE_COLUMNS,
  approvalRequestOf,
  approvalRequestValues,
  REQUESTED_APPROVAL_COLUMNS,
  requestedApprovalValues,
  approverKeyOf,
  authorityOf,
  authorityValues,
  governancePolicyOf,
  governancePolicyValues,
  placeholders,
  voteOf,
  voteValues,
  trajectoryPolicyOf,
} from '../governance-rows.ts';
import type { Row } from '../rows.ts';
import type { SqliteJournal } from './sqlite-journal.ts';
import type { SqliteEventLog } from './sqlite-events.ts';
import { approvalEventData } from '../event-data.ts';

export class SqliteGovernance implements GovernanceStore {
  constructor(
    private readonly db: Database.Database,
    private readonly journal: SqliteJournal,
    /** The live event log: an approval request opened is an `approval.created` event, as a held decision's. */
    private readonly events: SqliteEventLog,
  ) {}

  async createAuthority(row: AuthorityRow): Promise<void> {
    this.db.prepare(`INSERT INTO authorities (${AUTHORITY_COLUMNS}) VALUES (${placeholders(15, false)})`).run(...authorityValues(row));
  }

  async listAuthorities(tenantId: string): Promise<AuthorityRow[]> {
    return (
      this.db.prepare(`SELECT ${AUTHORITY_COLUMNS} FROM authorities WHERE tenant_id = ? ORDER BY created_at, id`).all(tenantId) as Row[]
    ).map(authorityOf);
  }

  async deleteAuthority(tenantId: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM authorities WHERE tenant_id = ? AND id = ?').run(tenantId, id).changes === 1;
  }

  async createApproverKey(row: ApproverKeyRow): Promise<void> {
    this.db
      .prepare('INSERT INTO approver_keys (id, tenant_id, key_id, name, public_key, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(row.id, row.tenantId, row.keyId, row.name, row.publicKey, row.createdAt);
  }

  async getApproverKey(tenantId: string, id: string): Promise<ApproverKeyRow | null> {
    const row = this.db.prepare('SELECT * FROM approver_keys WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? approverKeyOf(row) : null;
  }

  async listApproverKeys(tenantId: string): Promise<ApproverKeyRow[]> {
    return (this.db.prepare('SELECT * FROM approver_keys WHERE tenant_id = ? ORDER BY created_at, id').all(tenantId) as Row[]).map(
      approverKeyOf,
    );
  }

  async createRequestedApproval(approval: ApprovalRow, request: ApprovalRequestRow, journalRecord: object): Promise<void> {
    this.events.committed(() =>
      this.db.transaction(() => {
        this.db
          .prepare(`INSERT INTO approvals (${REQUESTED_APPROVAL_COLUMNS}, status) VALUES (${placeholders(13, false)}, 'pending')`)
          .run(...requestedApprovalValues(approval));
        this.db
          .prepare(`INSERT INTO approval_requests (${APPROVAL_REQUEST_COLUMNS}) VALUES (${placeholders(14, false)})`)
          .run(...approvalRequestValues(request));
        this.journal.append(approval.tenantId, 'approval.created', approval.id, approval.createdAt, journalRecord);
        this.events.append(approval.tenantId, 'approval.created', approvalEventData(approval), approval.createdAt);
      })(),
    );
  }

  async getApprovalRequest(tenantId: string, approvalId: string): Promise<ApprovalRequestRow | null> {
    const row = this.db
      .prepare(`SELECT ${APPROVAL_REQUEST_COLUMNS} FROM approval_requests WHERE tenant_id = ? AND approval_id = ?`)
      .get(tenantId, approvalId) as Row | undefined;
    return row ? approvalRequestOf(row) : null;
  }

  async recordVote(vote: ApprovalVoteRow, journalRecord: object): Promise<'ok' | 'duplicate'> {
    return this.db.transaction((): 'ok' | 'duplicate' => {
      const inserted = this.db
        .prepare(`INSERT INTO approval_votes (${VOTE_COLUMNS}) VALUES (${placeholders(9, false)}) ON CONFLICT DO NOTHING`)
        .run(...voteValues(vote));
      if (inserted.changes === 0) return 'duplicate';
      this.journal.append(vote.tenantId, 'approval.vote', vote.approvalId, vote.createdAt, journalRecord);
      return 'ok';
    })();
  }

  async listVotes(tenantId: string, approvalId: string): Promise<ApprovalVoteRow[]> {
    return (
      this.db
        .prepare(`SELECT ${VOTE_COLUMNS} FROM approval_votes WHERE tenant_id = ? AND approval_id = ? ORDER BY created_at, key_id`)
        .all(tenantId, approvalId) as Row[]
    ).map(voteOf);
  }

  async createGovernancePolicy(row: GovernancePolicyRow): Promise<void> {
    this.db
      .prepare(`INSERT INTO governance_policies (${POLICY_COLUMNS}) VALUES (${placeholders(14, false)})`)
      .run(...governancePolicyValues(row));
  }

  async listGovernancePolicies(tenantId: string): Promise<GovernancePolicyRow[]> {
    return (
      this.db
        .prepare(`SELECT ${POLICY_COLUMNS} FROM governance_policies WHERE tenant_id = ? ORDER BY priority, created_at, id`)
        .all(tenantId) as Row[]
    ).map(governancePolicyOf);
  }

  async getGovernancePolicy(tenantId: string, id: string): Promise<GovernancePolicyRow | null> {
    const row = this.db.prepare(`SELECT ${POLICY_COLUMNS} FROM governance_policies WHERE tenant_id = ? AND id = ?`).get(tenantId, id) as
      Row | undefined;
    return row ? governancePolicyOf(row) : null;
  }

  async updateGovernancePolicy(row: GovernancePolicyRow, expectedVersion: number): Promise<boolean> {
    const result = this.db
      .prepare(
        `UPDATE governance_policies SET name = ?, description = ?, scope = ?, constraints = ?, exceptions = ?, priority = ?, status = ?,
           version = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND version = ?`,
      )
      .run(
        row.name,
        row.description,
        row.scope === null ? null : JSON.stringify(row.scope),
        JSON.stringify(row.constraints),
        JSON.stringify(row.exceptions),
        row.priority,
        row.status,
        row.version,
        row.updatedAt,
        row.tenantId,
        row.id,
        expectedVersion,
      );
    return result.changes === 1;
  }

  async createTrajectoryPolicy(row: TrajectoryPolicyRow): Promise<void> {
    this.db
      .prepare('INSERT INTO trajectory_policies (id, tenant_id, name, description, rules, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(row.id, row.tenantId, row.name, row.description, JSON.stringify(row.rules), row.createdAt);
  }

  async listTrajectoryPolicies(tenantId: string): Promise<TrajectoryPolicyRow[]> {
    return (this.db.prepare('SELECT * FROM trajectory_policies WHERE tenant_id = ? ORDER BY created_at, id').all(tenantId) as Row[]).map(
      trajectoryPolicyOf,
    );
  }
}

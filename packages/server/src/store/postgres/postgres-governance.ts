// Governance state in PostgreSQL: the twin of sqlite/sqlite-governance.ts (same tables, same rows).
// Writes that journal lock the tenant's journal tip first, as every journaling transaction does.
import type pg from 'pg';
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
import type { JournalTip, PostgresJournal } from './postgres-journal.ts';
import type { EventBatch, PostgresEventLog } from './postgres-events.ts';
import { approvalEventData } from '../event-data.ts';

type Transaction = <T>(run: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
/** A transaction holding the tenant's journal lock, whose events are announced on commit. */
type TenantTransaction = <T>(
  tenantId: string,
  run: (client: pg.PoolClient, batch: EventBatch, tip: JournalTip) => Promise<T>,
) => Promise<T>;

export class PostgresGovernance implements GovernanceStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
    private readonly journal: PostgresJournal,
    /** Issue 21: an approval request opened is an `approval.created` event, as a held decision's. */
    private readonly events: PostgresEventLog,
    private readonly tenantTransaction: TenantTransaction,
  ) {}

  async createAuthority(row: AuthorityRow): Promise<void> {
    await this.pool.query(`INSERT INTO authorities (${AUTHORITY_COLUMNS}) VALUES (${placeholders(15, true)})`, authorityValues(row));
  }

  async listAuthorities(tenantId: string): Promise<AuthorityRow[]> {
    const result = await this.pool.query(`SELECT ${AUTHORITY_COLUMNS} FROM authorities WHERE tenant_id = $1 ORDER BY created_at, id`, [
      tenantId,
    ]);
    return result.rows.map(authorityOf);
  }

  async deleteAuthority(tenantId: string, id: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM authorities WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return result.rowCount === 1;
  }

  async createApproverKey(row: ApproverKeyRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO approver_keys (id, tenant_id, key_id, name, public_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [row.id, row.tenantId, row.keyId, row.name, row.publicKey, row.createdAt],
    );
  }

  async getApproverKey(tenantId: string, id: string): Promise<ApproverKeyRow | null> {
    const result = await this.pool.query('SELECT * FROM approver_keys WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return result.rows[0] ? approverKeyOf(result.rows[0]) : null;
  }

  async listApproverKeys(tenantId: string): Promise<ApproverKeyRow[]> {
    const result = await this.pool.query('SELECT * FROM approver_keys WHERE tenant_id = $1 ORDER BY created_at, id', [tenantId]);
    return result.rows.map(approverKeyOf);
  }

  async createRequestedApproval(approval: ApprovalRow, request: ApprovalRequestRow, journalRecord: object): Promise<void> {
    await this.tenantTransaction(approval.tenantId, async (client, batch, tip) => {
      await client.query(
        `INSERT INTO approvals (${REQUESTED_APPROVAL_COLUMNS}, status) VALUES (${placeholders(13, true)}, 'pending')`,
        requestedApprovalValues(approval),
      );
      await client.query(
        `INSERT INTO approval_requests (${APPROVAL_REQUEST_COLUMNS}) VALUES (${placeholders(14, true)})`,
        approvalRequestValues(request),
      );
      await this.journal.append(client, tip, approval.tenantId, 'approval.created', approval.id, approval.createdAt, journalRecord);
      await this.events.append(client, batch, approval.tenantId, 'approval.created', approvalEventData(approval), approval.createdAt);
    });
  }

  async getApprovalRequest(tenantId: string, approvalId: string): Promise<ApprovalRequestRow | null> {
    const result = await this.pool.query(
      `SELECT ${APPROVAL_REQUEST_COLUMNS} FROM approval_requests WHERE tenant_id = $1 AND approval_id = $2`,
      [tenantId, approvalId],
    );
    return result.rows[0] ? approvalRequestOf(result.rows[0]) : null;
  }

  async recordVote(vote: ApprovalVoteRow, journalRecord: object): Promise<'ok' | 'duplicate'> {
    return this.transaction(async (client) => {
      const tip = await this.journal.lockTip(client, vote.tenantId);
      const inserted = await client.query(
        `INSERT INTO approval_votes (${VOTE_COLUMNS}) VALUES (${placeholders(9, true)}) ON CONFLICT DO NOTHING`,
        voteValues(vote),
      );
      if (inserted.rowCount === 0) return 'duplicate' as const;
      await this.journal.append(client, tip, vote.tenantId, 'approval.vote', vote.approvalId, vote.createdAt, journalRecord);
      return 'ok' as const;
    });
  }

  async listVotes(tenantId: string, approvalId: string): Promise<ApprovalVoteRow[]> {
    const result = await this.pool.query(
      `SELECT ${VOTE_COLUMNS} FROM approval_votes WHERE tenant_id = $1 AND approval_id = $2 ORDER BY created_at, key_id`,
      [tenantId, approvalId],
    );
    return result.rows.map(voteOf);
  }

  async createGovernancePolicy(row: GovernancePolicyRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO governance_policies (${POLICY_COLUMNS}) VALUES (${placeholders(14, true)})`,
      governancePolicyValues(row),
    );
  }

  async listGovernancePolicies(tenantId: string): Promise<GovernancePolicyRow[]> {
    const result = await this.pool.query(
      `SELECT ${POLICY_COLUMNS} FROM governance_policies WHERE tenant_id = $1 ORDER BY priority, created_at, id`,
      [tenantId],
    );
    return result.rows.map(governancePolicyOf);
  }

  async getGovernancePolicy(tenantId: string, id: string): Promise<GovernancePolicyRow | null> {
    const result = await this.pool.query(`SELECT ${POLICY_COLUMNS} FROM governance_policies WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
    ]);
    return result.rows[0] ? governancePolicyOf(result.rows[0]) : null;
  }

  async updateGovernancePolicy(row: GovernancePolicyRow, expectedVersion: number): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE governance_policies SET name = $1, description = $2, scope = $3, constraints = $4, exceptions = $5, priority = $6, status = $7,
         version = $8, updated_at = $9 WHERE tenant_id = $10 AND id = $11 AND version = $12`,
      [
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
      ],
    );
    return result.rowCount === 1;
  }

  async createTrajectoryPolicy(row: TrajectoryPolicyRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO trajectory_policies (id, tenant_id, name, description, rules, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [row.id, row.tenantId, row.name, row.description, JSON.stringify(row.rules), row.createdAt],
    );
  }

  async listTrajectoryPolicies(tenantId: string): Promise<TrajectoryPolicyRow[]> {
    const result = await this.pool.query('SELECT * FROM trajectory_policies WHERE tenant_id = $1 ORDER BY created_at, id', [tenantId]);
    return result.rows.map(trajectoryPolicyOf);
  }
}

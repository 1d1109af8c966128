// The store for several nodes: PostgreSQL through `pg`. A tenant's decisions commit in groups (one
// transaction per group, one group of a tenant at a time; what arrives meanwhile joins the next), on
// a pipelined connection so a decision costs one round trip, and each is answered only after COMMIT
// returned. Every transaction that writes a tenant's journal or events first locks the tenant's tip
// row (journal_tips), so the chain stays one chain whichever node writes, and the reads that follow
// see everything committed before. The rules that decide what to write live in
// decision-transaction.ts and approval-transition.ts; this file only reads and writes.
import pg from 'pg';
import {
  canonicalJson,
  resolveSettings,
  type DecisionState,
  type RiskClass,
  type TenantSettings,
  type TrustOverride,
} from '@actiongate/engine';
import type {
  AgentRow,
  ApprovalDecisionResult,
  ApprovalListQuery,
  ApprovalRow,
  DecisionJob,
  DecisionListQuery,
  DecisionRow,
  KeyRow,
  Store,
  TenantRow,
  ToolRow,
  ToolRuleRow,
  ToolRuleSetWrites,
} from '../store.ts';
import { IdempotencyKeyReused } from '../store.ts';
import type { StorageFault, StorageFaultListener } from '../storage-status.ts';
import { PostgresWebhooks } from './postgres-webhooks.ts';
import { PostgresGovernance } from './postgres-governance.ts';
import { PostgresTrajectories } from './postgres-trajectories.ts';
import { PostgresPlans } from './postgres-plans.ts'; // issue 21 item 4
import { PostgresCredentials } from './postgres-credentials.ts';
import { PostgresPosture } from './postgres-posture.ts';
import { PostgresCompliance } from './postgres-compliance.ts';
import { decisionReadColumns, PostgresBudgets } from './postgres-budgets.ts'; // issue 19
import { PostgresIdentities } from './postgres-identities.ts';
import { PostgresCluster } from './postgres-cluster.ts';
import { PostgresEdges } from './postgres-edges.ts'; // issue 20
import { approvalRecord, decisionRecord } from '../../journal/journal-records.ts';
import { expiredApproval, planApprovalAnswer } from '../approval-transition.ts';
import type { DecidingTenant } from '../cached-store.ts';
import {
  decisionStateOf,
  planDecisionWrites,
  registeredToolName,
  replaysFirstDecision,
  type DecisionReads,
} from '../decision-transaction.ts';
import { approvalEventData } from '../event-data.ts';
import {
  agentOf,
  approvalOf,
  approvalStateOf,
  decisionEventFieldsOf,
  decisionOf,
  keyOf,
  ruleColumns,
  ruleOf,
  tenantOf,
  trustRecordOf,
  type Row,
} from '../rows.ts';
import { DECISION_INSERT_COLUMNS, decisionInsertValues } from '../decision-insert.ts';
import type { EventListener, EventRow, EventType } from '../event-store.ts';
import type { HaltRequest, HaltResult, HaltTokenRow } from '../halt-store.ts';
import type { TraceEventRow, TraceSummary } from '../trace-store.ts';
import { decisionCreatedValues, PostgresEventLog, type EventBatch } from './postgres-events.ts';
import { journalAppendWith, PostgresJournal, type JournalTip } from './postgres-journal.ts';
import { POSTGRES_MIGRATIONS } from './schema.ts';
import { unavailableOr } from './unavailable.ts';
import { KeyIdentities } from './key-identities.ts';
import { readsShared, readsTogether } from './reads-together.ts';
import {
  agentSaveAt,
  agentSaveValues,
  decisionStatement,
  foldDecisionWrites,
  foldedAgentValues,
  keyRecordValues,
} from './decision-statement.ts';
import { checkOut, type CheckedOut } from './checked-out.ts';
import { ApiError } from '../../errors.ts';
import type { PublishedKey, SharedSigningKeys } from '../signing-key-store.ts';
import { resultFlaggedEvent, storedResultScreen } from '../outcome-rows.ts';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (ACTIONGATE_DATABASE_URL). */
  url: string;
  /** Connections this node keeps; small, since decisions share transactions (default 8). */
  poolSize?: number;
  /** Append to the tamper-evident journal (default true; off only to measure its cost). */
  journal?: boolean;
}

/** bigint columns (times in ms, counters, seqs) as numbers: all stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as any)) as any,
};

/** An approval's columns with its payload, which is stored once, in the decision that asked for it. */
const APPROVAL_COLUMNS = `a.*, d.body AS decision_body, NULL AS decision_payload
  FROM approvals a LEFT JOIN decisions d ON d.id = a.decision_id`;

type Client = pg.ClientBase | pg.Pool;

interface PendingJob {
  job: DecisionJob;
  resolve(row: DecisionRow): void;
  reject(error: unknown): void;
}

/** A decision's agent, seen now with its new record ($1 tenant, $2 agent, $3–$5 record, $6 now). */
const AGENT_SAVE = agentSaveAt(1);

/**
 * What a decision reads first, as columns over $1 (the tenant) and the SQL of the call's agent, key,
 * path, payload hash, time and registered tool name (parameters of one decision, or columns of several).
 */
function decisionReadSql(agentId: string, keyId: string, path: string, payloadHash: string, now: string, toolName: string): string {
  return `(SELECT row_to_json(t) FROM tenants t WHERE t.id = $1) AS tenant,
    (SELECT row_to_json(a) FROM agents a WHERE a.tenant_id = $1 AND a.agent_id = ${agentId}) AS agent,
    (SELECT row_to_json(k) FROM keys k WHERE k.id = ${keyId}) AS key,
    (SELECT COALESCE(json_agg(p ORDER BY p.created_at), '[]'::json) FROM approvals p
      WHERE p.tenant_id = $1 AND p.agent_id = ${agentId} AND p.path = ${path} AND p.payload_hash = ${payloadHash}
        AND p.status IN ('approved', 'pending') AND p.expires_at > ${now}) AS open_approvals,
    ${decisionReadColumns({ tenantId: '$1', agentId, keyId, toolName })}`;
}

/** At most this many decisions share one transaction: the tenant's lock is not held for long. */
const MAX_GROUP = 200;

/** What a decision read under the tenant's lock: its state and, with an idempotency key, the earlier decision. */
interface DecisionRead {
  reads: DecisionReads;
  /** The key was used before: the decision it answered, and that decision when the request is the same (else null). */
  earlier: { decisionId: string; first: DecisionRow | null } | null;
}

/** The engine's answer on what was read, or the earlier decision to answer again. */
type PlannedDecision = { replay: DecisionRow } | ({ state: DecisionState } & ReturnType<DecisionJob['compute']>);

/**
 * Runs `send`, which sends statements on a pipelined connection, with the socket corked: the
 * statements leave in one write (one system call) instead of one each.
 */
function inOneWrite<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

/** Runs a prepared (named) statement: each connection parses and plans it once. */
function query(client: Client, name: string, text: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
  return client.query({ name, text, values }).catch((error: unknown) => {
    throw unavailableOr(error);
  });
}

/** The tenant's rules and tool registry, parsed once per version of the tenant's configuration. */
interface TenantConfig {
  version: number;
  rules: ToolRuleRow[];
  toolRisks: Map<string, RiskClass>;
}

export class PostgresStore implements Store, SharedSigningKeys {
  readonly pool: pg.Pool;
  readonly journal: PostgresJournal;
  readonly webhooks: PostgresWebhooks;
  readonly governance: PostgresGovernance; // issue 21
  readonly trajectories: PostgresTrajectories; // issue 21
  readonly plans: PostgresPlans; // issue 21 item 4
  readonly credentials: PostgresCredentials;
  readonly posture: PostgresPosture;
  readonly compliance: PostgresCompliance;
  readonly identities: PostgresIdentities;
  readonly cluster: PostgresCluster;
  readonly edges: PostgresEdges; // issue 20
  /** Issue 19: budgets, reservations and agent controls. */
  readonly budgets: PostgresBudgets;
  private readonly events: PostgresEventLog;
  /** Decisions waiting for their tenant's next group, per tenant. */
  private readonly queues = new Map<string, PendingJob[]>();
  /** Tenants with a group being committed (or about to be): decisions arriving meanwhile join the next group. */
  private readonly committing = new Set<string>();
  private closed = false;
  /** Groups in flight, so close() waits for them. */
  private readonly flushing = new Set<Promise<void>>();
  /** Rules and registry per tenant, valid while the tenant's `config_version` is unchanged (checked on every read). */
  private readonly configs = new Map<string, TenantConfig>();
  /** Keys of decisions by hash (key-identities.ts); `decision_reads` checks them again. */
  private readonly keyIdentities = new KeyIdentities();

  private constructor(options: PostgresStoreOptions) {
    // Pipelined: statements sent together go out at once and are answered in order (one round trip).
    this.pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 8, types: TYPES, pipeline: true } as pg.PoolConfig);
    // An idle connection that dies (database restart) must not take the process down.
    this.pool.on('error', () => {});
    const connection = { connectionString: options.url, types: TYPES };
    this.events = new PostgresEventLog(
      this.pool,
      query,
      async (tenantId, ids) => {
        const result = await query(
          this.pool,
          'decisions_event_fields',
          `SELECT id, verdict, blocked, agent_id, path, risk, detail, approval_id, trace_id, created_at FROM decisions WHERE tenant_id = $1 AND id = ANY($2)`,
          [tenantId, ids],
        );
        return new Map(result.rows.map((row) => [row.id as string, decisionEventFieldsOf(row)]));
      },
      connection,
    );
    this.webhooks = new PostgresWebhooks(this.pool, query, (run) => this.transaction(run));
    this.credentials = new PostgresCredentials(this.pool, query);
    this.posture = new PostgresPosture(this.pool, query, (run) => this.transaction(run));
    this.compliance = new PostgresCompliance(this.pool);
    this.identities = new PostgresIdentities(this.pool, (run) => this.transaction(run));
    this.cluster = new PostgresCluster(this.pool, query);
    this.edges = new PostgresEdges(this.pool); // issue 20
    // Issue 19: every budget write runs under the tenant's lock, as decisions do.
    this.budgets = new PostgresBudgets(this.pool, query, this.events, (tenantId, run) =>
      this.tenantTransaction(tenantId, (client, batch) => run(client, batch)),
    );
    this.journal = new PostgresJournal(this.pool, query, (tenantId, id) => this.decisionRecordText(tenantId, id), options.journal ?? true);
    this.governance = new PostgresGovernance(
      this.pool,
      (run) => this.transaction(run),
      this.journal,
      this.events,
      (tenantId, run) => this.tenantTransaction(tenantId, run),
    ); // issue 21
    this.trajectories = new PostgresTrajectories(this.pool); // issue 21
    this.plans = new PostgresPlans(this.pool, query); // issue 21 item 4
  }

  /** Connects, brings the schema up to date (one node at a time), and returns the store. */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const store = new PostgresStore(options);
    try {
      await store.migrate();
    } catch (error) {
      await store.pool.end();
      throw error;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.transaction(async (client) => {
      // Nodes starting together: the first migrates, the others wait and find it done.
      await client.query('SELECT pg_advisory_xact_lock(7314001)');
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
      const done = (await client.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0].v as number;
      for (let i = done; i < POSTGRES_MIGRATIONS.length; i++) {
        await client.query(POSTGRES_MIGRATIONS[i]);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [i + 1, Date.now()]);
      }
    });
  }

  /** Runs `run` in one transaction on one connection; rolls back when it throws. */
  private async transaction<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('store is closed');
    const { client, release } = await checkOut(this.pool).catch((error: unknown) => {
      throw unavailableOr(error);
    });
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await run(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollback) {
        // The connection itself failed: do not hand it out again.
        broken = rollback as Error;
      }
      throw unavailableOr(error);
    } finally {
      release(broken);
    }
  }

  /** A transaction that writes the tenant's journal or events: the tenant's tip row is locked first. */
  private async tenantTransaction<T>(
    tenantId: string,
    run: (client: pg.PoolClient, batch: EventBatch, tip: JournalTip) => Promise<T>,
  ): Promise<T> {
    const batch: EventBatch = [];
    const result = await this.transaction(async (client) => {
      const result = await run(client, batch, await this.journal.lockTip(client, tenantId));
      await this.events.announce(client, batch);
      return result;
    });
    this.events.deliver(batch);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Decisions already queued are still committed and answered: every tenant with a queue is being drained.
    await Promise.allSettled([...this.flushing]);
    this.closed = true;
    await this.events.close();
    await this.pool.end();
  }

  async ping(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch (error) {
      return false;
    }
  }

  // Storage status (issue 23). PostgreSQL has no sticky storage fault: an unreachable database
  // answers each decision 503 by itself (unavailable.ts) and fails the readiness ping above, and the
  // node recovers on the first request that reaches the database again.
  storageFault(): StorageFault | null {
    return null;
  }

  onStorageFault(_listener: StorageFaultListener): () => void {
    return () => {};
  }

  /** Approvals still waiting for a human (the `/metrics` gauge), all tenants. */
  async countPendingApprovals(now: number): Promise<number> {
    const result = await query(
      this.pool,
      'count_pending_approvals',
      `SELECT COUNT(*)::int AS n FROM approvals WHERE status = 'pending' AND expires_at > $1`,
      [now],
    );
    return Number(result.rows[0].n);
  }

  async countTenants(): Promise<number> {
    return (await query(this.pool, 'tenants_count', 'SELECT COUNT(*) AS n FROM tenants', [])).rows[0].n;
  }

  async createTenant(tenant: TenantRow): Promise<void> {
    await query(this.pool, 'tenant_insert', 'INSERT INTO tenants (id, name, email, created_at, settings) VALUES ($1, $2, $3, $4, $5)', [
      tenant.id,
      tenant.name,
      tenant.email,
      tenant.createdAt,
      tenant.settings ? JSON.stringify(tenant.settings) : null,
    ]);
  }

  async getTenant(id: string): Promise<TenantRow | null> {
    const row = (await query(this.pool, 'tenant', 'SELECT * FROM tenants WHERE id = $1', [id])).rows[0];
    return row ? tenantOf(row) : null;
  }

  async updateSettings(tenantId: string, settings: Partial<TenantSettings>): Promise<void> {
    await query(this.pool, 'tenant_settings', 'UPDATE tenants SET settings = $1 WHERE id = $2', [JSON.stringify(settings), tenantId]);
  }

  async createKey(key: KeyRow): Promise<void> {
    await query(
      this.pool,
      'key_insert',
      `INSERT INTO keys (id, tenant_id, kind, role, name, agent_id, budget_usd, key_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [key.id, key.tenantId, key.kind, key.role, key.name, key.agentId, key.budgetUsd, key.keyHash, key.createdAt],
    );
  }

  /** Read on every request, never cached: a key revoked on one node is refused by every node at once. */
  async findKeyByHash(keyHash: string): Promise<KeyRow | null> {
    const row = (await query(this.pool, 'key_by_hash', 'SELECT * FROM keys WHERE key_hash = $1', [keyHash])).rows[0];
    return row ? keyOf(row) : null;
  }

  async findKeyForDecision(keyHash: string): Promise<KeyRow | null> {
    const known = this.keyIdentities.get(keyHash);
    if (known) return known;
    const key = await this.findKeyByHash(keyHash);
    if (key && key.revokedAt === null) this.keyIdentities.remember(key);
    return key;
  }

  async listKeys(tenantId: string, kind: 'customer' | 'agent'): Promise<KeyRow[]> {
    const result = await query(this.pool, 'keys_list', 'SELECT * FROM keys WHERE tenant_id = $1 AND kind = $2 ORDER BY created_at, id', [
      tenantId,
      kind,
    ]);
    return result.rows.map(keyOf);
  }

  async revokeKey(tenantId: string, kind: 'customer' | 'agent', id: string, now: number): Promise<KeyRow | null> {
    const result = await query(
      this.pool,
      'key_revoke',
      `UPDATE keys SET revoked_at = COALESCE(revoked_at, $1), override = 'revoked' WHERE tenant_id = $2 AND kind = $3 AND id = $4 RETURNING *`,
      [now, tenantId, kind, id],
    );
    if (!result.rows[0]) return null;
    const key = keyOf(result.rows[0]);
    this.keyIdentities.forget(key.keyHash);
    return key;
  }

  /** A change to the tenant's rules or registry, with the version bump every node checks on read. */
  private async configChange(tenantId: string, change: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    await this.transaction(async (client) => {
      await change(client);
      await query(client, 'tenant_config_bump', 'UPDATE tenants SET config_version = config_version + 1 WHERE id = $1', [tenantId]);
    });
  }

  async createToolRule(rule: ToolRuleRow): Promise<void> {
    const c = ruleColumns(rule);
    await this.configChange(rule.tenantId, async (client) => {
      await query(
        client,
        'rule_insert',
        `INSERT INTO tool_rules (id, tenant_id, name, effect, match_path, match_args, agent_ids, risk_at_least, description, enabled,
           version, created_at, updated_at, min_distinct_approvers) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          c.id,
          c.tenant_id,
          c.name,
          c.effect,
          c.match_path,
          c.match_args,
          c.agent_ids,
          c.risk_at_least,
          c.description,
          c.enabled,
          c.version,
          c.created_at,
          c.updated_at,
          c.min_distinct_approvers,
        ],
      );
    });
  }

  async listToolRules(tenantId: string): Promise<ToolRuleRow[]> {
    const result = await query(this.pool, 'rules_list', 'SELECT * FROM tool_rules WHERE tenant_id = $1 ORDER BY created_at, id', [
      tenantId,
    ]);
    return result.rows.map(ruleOf);
  }

  async getToolRule(tenantId: string, id: string): Promise<ToolRuleRow | null> {
    const row = (await query(this.pool, 'rule', 'SELECT * FROM tool_rules WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rows[0];
    return row ? ruleOf(row) : null;
  }

  async updateToolRule(rule: ToolRuleRow): Promise<void> {
    const c = ruleColumns(rule);
    await this.configChange(rule.tenantId, async (client) => {
      await query(
        client,
        'rule_update',
        `UPDATE tool_rules SET name = $3, effect = $4, match_path = $5, match_args = $6, agent_ids = $7, risk_at_least = $8,
           description = $9, enabled = $10, version = $11, updated_at = $12, min_distinct_approvers = $13
         WHERE tenant_id = $1 AND id = $2`,
        [
          c.tenant_id,
          c.id,
          c.name,
          c.effect,
          c.match_path,
          c.match_args,
          c.agent_ids,
          c.risk_at_least,
          c.description,
          c.enabled,
          c.version,
          c.updated_at,
          c.min_distinct_approvers,
        ],
      );
    });
  }

  async deleteToolRule(tenantId: string, id: string): Promise<boolean> {
    let deleted = false;
    await this.configChange(tenantId, async (client) => {
      deleted =
        (await query(client, 'rule_delete', 'DELETE FROM tool_rules WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rowCount! > 0;
    });
    return deleted;
  }

  async replaceToolRules(tenantId: string, plan: ToolRuleSetWrites): Promise<boolean> {
    try {
      await this.configChange(tenantId, async (client) => {
        for (const { id, expectedVersion } of plan.delete) {
          const result = await query(
            client,
            'rule_set_delete',
            'DELETE FROM tool_rules WHERE tenant_id = $1 AND id = $2 AND version = $3',
            [tenantId, id, expectedVersion],
          );
          if (result.rowCount !== 1) throw new StaleRuleSet();
        }
        for (const { rule, expectedVersion } of plan.update) {
          const c = ruleColumns(rule);
          const result = await query(
            client,
            'rule_set_update',
            `UPDATE tool_rules SET name = $3, effect = $4, match_path = $5, match_args = $6, agent_ids = $7, risk_at_least = $8,
               description = $9, enabled = $10, version = $11, updated_at = $12, min_distinct_approvers = $14
             WHERE tenant_id = $1 AND id = $2 AND version = $13`,
            [
              c.tenant_id,
              c.id,
              c.name,
              c.effect,
              c.match_path,
              c.match_args,
              c.agent_ids,
              c.risk_at_least,
              c.description,
              c.enabled,
              c.version,
              c.updated_at,
              expectedVersion,
              c.min_distinct_approvers,
            ],
          );
          if (result.rowCount !== 1) throw new StaleRuleSet();
        }
        for (const rule of plan.create) {
          const c = ruleColumns(rule);
          await query(
            client,
            'rule_set_insert',
            `INSERT INTO tool_rules (id, tenant_id, name, effect, match_path, match_args, agent_ids, risk_at_least, description, enabled,
               version, created_at, updated_at, min_distinct_approvers) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
            [
              c.id,
              c.tenant_id,
              c.name,
              c.effect,
              c.match_path,
              c.match_args,
              c.agent_ids,
              c.risk_at_least,
              c.description,
              c.enabled,
              c.version,
              c.created_at,
              c.updated_at,
              c.min_distinct_approvers,
            ],
          );
        }
      });
    } catch (error) {
      if (error instanceof StaleRuleSet || (error as { cause?: unknown }).cause instanceof StaleRuleSet) return false;
      throw error;
    }
    return true;
  }

  async upsertTool(tool: ToolRow): Promise<void> {
    await this.configChange(tool.tenantId, async (client) => {
      await query(
        client,
        'tool_upsert',
        `INSERT INTO tools (tenant_id, tool_name, risk_level, description, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, tool_name) DO UPDATE SET risk_level = excluded.risk_level, description = excluded.description`,
        [tool.tenantId, registeredToolName(tool.toolName), tool.riskLevel, tool.description, tool.createdAt],
      );
    });
  }

  async listTools(tenantId: string): Promise<ToolRow[]> {
    const result = await query(this.pool, 'tools_list', 'SELECT * FROM tools WHERE tenant_id = $1 ORDER BY tool_name', [tenantId]);
    return result.rows.map((row) => ({
      tenantId: row.tenant_id,
      toolName: row.tool_name,
      riskLevel: row.risk_level,
      description: row.description,
      createdAt: row.created_at,
    }));
  }

  async listAgents(tenantId: string): Promise<AgentRow[]> {
    const result = await query(this.pool, 'agents_list', 'SELECT * FROM agents WHERE tenant_id = $1 ORDER BY last_seen_at DESC', [
      tenantId,
    ]);
    return result.rows.map(agentOf);
  }

  async getAgent(tenantId: string, agentId: string): Promise<AgentRow | null> {
    const row = (await query(this.pool, 'agent', 'SELECT * FROM agents WHERE tenant_id = $1 AND agent_id = $2', [tenantId, agentId]))
      .rows[0];
    return row ? agentOf(row) : null;
  }

  async setAgentOverride(tenantId: string, agentId: string, override: TrustOverride, reason: string, now: number): Promise<AgentRow> {
    // Reinstating forgives the blocked attempts so far, on the agent and on the agent keys bound to
    // it (reinstateRecord), so the agent gets back the state its approved record earns.
    const row = await this.transaction(async (client) => {
      const result = await query(
        client,
        override === null ? 'agent_reinstate' : 'agent_override',
        `INSERT INTO agents (tenant_id, agent_id, override, override_reason, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (tenant_id, agent_id) DO UPDATE SET override = excluded.override, override_reason = excluded.override_reason,
           last_seen_at = excluded.last_seen_at${override === null ? ", recent_blocked = '[]', forgiven_blocked = agents.blocked" : ''}
         RETURNING *`,
        [tenantId, agentId, override, reason, now],
      );
      if (override === null)
        await query(
          client,
          'agent_keys_forgive',
          `UPDATE keys SET forgiven_blocked = blocked WHERE tenant_id = $1 AND kind = 'agent' AND agent_id = $2 AND revoked_at IS NULL`,
          [tenantId, agentId],
        );
      return result.rows[0];
    });
    return agentOf(row);
  }

  runDecision(job: DecisionJob): Promise<DecisionRow> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(job.tenantId);
      if (queue) queue.push({ job, resolve, reject });
      else this.queues.set(job.tenantId, [{ job, resolve, reject }]);
      if (this.committing.has(job.tenantId)) return;
      this.committing.add(job.tenantId);
      // The rest of this turn of the event loop joins the group.
      const drain = new Promise<void>((done) => setImmediate(done)).then(() => this.drain(job.tenantId));
      this.flushing.add(drain);
      void drain.finally(() => this.flushing.delete(drain));
    });
  }

  /**
   * Commits the tenant's queued decisions, one group (one transaction) at a time, until none wait.
   * One group per tenant at a time: the groups of one tenant serialise on its tip lock anyway, and
   * what arrives while one commits makes the next group larger instead of waiting on the lock
   * with a connection of its own. Tenants commit in parallel. Never throws.
   */
  private async drain(tenantId: string): Promise<void> {
    try {
      for (;;) {
        const queued = this.queues.get(tenantId);
        if (!queued || queued.length === 0) break;
        const group = queued.splice(0, MAX_GROUP);
        if (queued.length === 0) this.queues.delete(tenantId);
        // A group whose transaction had to roll back for one decision is retried without it.
        for (let left = group; left.length > 0;) left = await this.commitGroup(tenantId, left);
      }
    } finally {
      this.committing.delete(tenantId);
    }
  }

  /**
   * One attempt at committing `group` (decisions of one tenant) in one transaction on a pipelined
   * connection: per run of decisions (reads-together.ts) one round trip for their reads and one for
   * their writes (the next run's reads go out with them). Answers every
   * decision only after COMMIT returned. When a decision's statements fail, the transaction is
   * rolled back, that decision rejected, and the others returned to be tried again. Never throws.
   */
  private async commitGroup(tenantId: string, group: PendingJob[]): Promise<PendingJob[]> {
    const outcomes: Array<{ row?: DecisionRow; error?: unknown }> = [];
    const events: EventBatch = [];
    let client: pg.PoolClient;
    let release: CheckedOut['release'];
    try {
      ({ client, release } = await checkOut(this.pool));
    } catch (error) {
      for (const pending of group) pending.reject(unavailableOr(error));
      return [];
    }
    let broken: Error | undefined;
    let failed: { index: number; error: unknown } | null = null;
    /** A COMMIT sent ahead committed although a write failed in node: what was written stays, nothing is redone. */
    let committedDespiteFailure = false;
    // Statements go out ahead of the answers they wait for: the lock and the first run's reads together,
    // then each run's writes with the next run's reads (which run after them, so they see them). A run is
    // the decisions that read at once (reads-together.ts): one flight of reads and one of writes for all.
    // Every promise started ahead is observed at once, so none fails unhandled when an earlier one throws.
    const ahead = <T>(promise: Promise<T>): Promise<T> => {
      promise.catch(() => {});
      return promise;
    };
    const jobs = group.map((pending) => pending.job);
    /** Sends the reads of the run starting at `start`. */
    const readRun = (start: number) => {
      const end = start + readsTogether(jobs, start);
      const run = jobs.slice(start, end);
      // Several decisions' first reads are one statement (a failure of it is the run's first decision's).
      const rows = run.length > 1 ? ahead(this.decisionReadsRows(client, run)) : null;
      return {
        start,
        end,
        reads: run.map((job, k) =>
          ahead(
            this.readDecision(
              client,
              job,
              rows?.then((all) => all[k]),
            ),
          ),
        ),
      };
    };
    try {
      const [begun, locked, first] = inOneWrite(client, () => [
        ahead(client.query('BEGIN')),
        // INVARIANT: the tenant's tip is locked before anything of the tenant is read (each read starts after it).
        ahead(this.journal.lockTip(client, tenantId)),
        readRun(0),
      ]);
      let run = first;
      const [, tip] = await Promise.all([begun, locked]);
      /** The announcement and COMMIT, once sent (set inside a callback, hence a holder). */
      const committing: { sent: Promise<[unknown, pg.QueryResult]> | null } = { sent: null };
      const sendCommit = () =>
        inOneWrite(client, () =>
          Promise.all([ahead(this.events.announceSent(client, events, tenantId)), ahead(client.query('COMMIT'))] as const),
        );
      while (!failed) {
        const reads: DecisionRead[] = [];
        for (let k = run.start; k < run.end && !failed; k++) {
          try {
            reads.push(await run.reads[k - run.start]);
          } catch (error) {
            failed = { index: k, error };
          }
        }
        if (failed) break;
        // A later decision of the run that read budgets or controls reads them again after the writes before it.
        const shared = reads.findIndex((read, k) => k > 0 && readsShared(read.reads));
        const end = shared < 0 ? run.end : run.start + shared;
        const writing: Array<Promise<DecisionRow> | null> = [];
        const next = inOneWrite(client, () => {
          let commitAhead = end === group.length;
          for (let i = run.start; i < end; i++) {
            writing.push(null);
            try {
              // Refusals decided here (a reused idempotency key, an error of the engine) wrote nothing.
              const planned = this.planDecision(jobs[i], reads[i - run.start]);
              if ('replay' in planned) outcomes[i] = { row: planned.replay };
              else {
                const sent = { all: false, checkedInNode: false };
                writing[i - run.start] = ahead(this.writeDecision(client, tip, jobs[i], reads[i - run.start], planned, events, sent));
                commitAhead &&= sent.all && !sent.checkedInNode;
              }
            } catch (error) {
              outcomes[i] = { error };
            }
          }
          // The last run's writes, the announcement and COMMIT leave in one flight (a lone decision saves a
          // round trip) when only PostgreSQL can fail those writes: a failed statement aborts the
          // transaction, so COMMIT answers ROLLBACK and nothing is answered as decided. Writes whose failure
          // is found in node (a guarded update that matched no row) keep COMMIT for after them.
          if (end < group.length) return readRun(end);
          if (commitAhead && writing.some((write) => write !== null)) committing.sent = ahead(sendCommit());
          return null;
        });
        // Every write of the run is awaited (each has an outcome should a COMMIT sent ahead have committed).
        for (let i = run.start; i < end; i++) {
          const write = writing[i - run.start];
          if (!write) continue;
          try {
            outcomes[i] = { row: await write };
          } catch (error) {
            outcomes[i] = { error };
            failed ??= { index: i, error };
          }
        }
        if (!next) break;
        run = next;
      }
      if (failed) {
        // After a COMMIT sent ahead (which answered ROLLBACK) there is no transaction left: PostgreSQL only warns.
        const early = await committing.sent?.then(
          ([, commit]) => commit.command,
          () => null,
        );
        // Not expected (only writes PostgreSQL alone can fail go ahead of COMMIT), but then the group is committed.
        committedDespiteFailure = early === 'COMMIT';
        if (!committedDespiteFailure) await client.query('ROLLBACK');
      } else {
        const [, commit] = await (committing.sent ?? sendCommit());
        // COMMIT of a transaction a failed statement aborted answers ROLLBACK, not an error.
        if (commit.command !== 'COMMIT') throw new Error("the decisions' transaction was rolled back");
      }
    } catch (error) {
      // BEGIN, the lock, the announcement or COMMIT failed: nothing of the group may be answered as decided.
      try {
        await client.query('ROLLBACK');
      } catch (rollback) {
        // The connection itself failed: do not hand it out again.
        broken = rollback as Error;
      }
      release(broken);
      for (const pending of group) pending.reject(unavailableOr(error));
      return [];
    }
    release(broken);
    if (failed && !committedDespiteFailure) {
      group[failed.index].reject(unavailableOr(failed.error));
      return group.filter((_, i) => i !== failed!.index);
    }
    if (failed) outcomes[failed.index] = { error: unavailableOr(failed.error) };
    // INVARIANT: no answer before COMMIT returned.
    this.events.deliver(events);
    group.forEach((pending, i) => {
      const outcome = outcomes[i];
      if (outcome.row) pending.resolve(outcome.row);
      else pending.reject(outcome.error);
    });
    return [];
  }

  /** The tenant's rules and registry, reloaded when its configuration version moved. */
  private async configOf(client: pg.ClientBase, tenantId: string, version: number): Promise<TenantConfig> {
    const cached = this.configs.get(tenantId);
    if (cached && cached.version === version) return cached;
    const rules = (
      await query(client, 'rules_list', 'SELECT * FROM tool_rules WHERE tenant_id = $1 ORDER BY created_at, id', [tenantId])
    ).rows.map(ruleOf);
    const tools = (await query(client, 'tools_risk', 'SELECT tool_name, risk_level FROM tools WHERE tenant_id = $1', [tenantId])).rows;
    const config = { version, rules, toolRisks: new Map(tools.map((row) => [row.tool_name as string, row.risk_level as RiskClass])) };
    this.configs.set(tenantId, config);
    return config;
  }

  /** The tenant as decisions see it, from its row read in the transaction: halt and settings are never stale. */
  private deciding(row: Row): DecidingTenant {
    const tenant = tenantOf(row);
    return { tenant, settings: resolveSettings(tenant.settings) };
  }

  async readDecisionState(job: Pick<DecisionJob, 'tenantId' | 'agentId' | 'key' | 'path' | 'payloadHash' | 'now'>): Promise<DecisionState> {
    // Issue 19: read as a decision reads, without the tenant's lock and writing nothing.
    return this.transaction(async (client) => decisionStateOf(job, await this.decisionReads(client, job)));
  }

  /** What a decision reads (issue 19: shared with readDecisionState). */
  private async decisionReads(
    client: pg.ClientBase,
    job: Pick<DecisionJob, 'tenantId' | 'agentId' | 'key' | 'path' | 'payloadHash' | 'now' | 'planIds'>,
    read: Promise<Row> = this.decisionReadsRow(client, job),
  ): Promise<DecisionReads> {
    const {
      tenant: tenantRow,
      agent: agentRow,
      key: keyRow,
      open_approvals: openRows,
      covering_budgets: coveringBudgets,
      agent_controls: agentControls,
    } = (await read) as {
      tenant: Row | null;
      agent: Row | null;
      key: Row | null;
      open_approvals: Row[];
      covering_budgets: Row[];
      agent_controls: Row | null;
    };
    // The key went with its tenant since it was remembered (findKeyForDecision): refused, not a fault.
    if (!keyRow) {
      this.keyIdentities.forget(job.key.keyHash);
      throw new ApiError('AG_UNKNOWN_KEY');
    }
    if (!tenantRow) throw new Error(`tenant ${job.tenantId} does not exist`);
    const { tenant, settings } = this.deciding(tenantRow);
    // Follow-up reads, only when needed (the tenant's rules changed, budgets cover the call, the agent has
    // controls): sent together, one more round trip.
    const [config, budgetReads] = await Promise.all([
      this.configOf(client, job.tenantId, tenantRow.config_version),
      this.budgets.decisionReads(
        client,
        job.tenantId,
        { agentId: job.agentId, keyId: job.key.id, toolName: registeredToolName(job.path) },
        job.now,
        { coveringBudgets, agentControls },
      ),
    ]);
    const reads: DecisionReads = {
      tenant,
      settings,
      agent: agentRow ? trustRecordOf(agentRow) : null,
      key: keyOf(keyRow),
      rules: config.rules,
      toolRisks: config.toolRisks,
      openApprovals: openRows.map((row) => approvalStateOf(row, job.now)),
      ...budgetReads,
    };
    // Issue 21: how many steps of the agent's live plans ran, read under the tenant's lock.
    if (job.planIds?.length) reads.planProgress = await this.plans.stepsUsed(client, job.tenantId, job.planIds);
    return reads;
  }

  /**
   * One statement: the tenant, agent, key and open approvals, and (issue 19) the budgets covering the
   * call and the agent's controls, each row as JSON: their columns are text and numbers only, which
   * JSON carries as the driver would (bigint as a number, as TYPES parses it).
   */
  private async decisionReadsRow(
    client: pg.ClientBase,
    job: Pick<DecisionJob, 'tenantId' | 'agentId' | 'key' | 'path' | 'payloadHash' | 'now'>,
  ): Promise<Row> {
    const result = await query(client, 'decision_reads', `SELECT ${decisionReadSql('$2', '$3', '$4', '$5', '$6', '$7')}`, [
      job.tenantId,
      job.agentId,
      job.key.id,
      job.path,
      job.payloadHash,
      job.now,
      registeredToolName(job.path),
    ]);
    return result.rows[0];
  }

  /** As `decisionReadsRow` for several decisions of one tenant in one statement: their rows in their order. */
  private async decisionReadsRows(client: pg.ClientBase, jobs: readonly DecisionJob[]): Promise<Row[]> {
    const result = await query(
      client,
      'decision_reads_many',
      `SELECT ${decisionReadSql('r.agent_id', 'r.key_id', 'r.path', 'r.payload_hash', 'r.now', 'r.tool_name')}
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[]) WITH ORDINALITY
         AS r(agent_id, key_id, path, payload_hash, now, tool_name, i)
       ORDER BY r.i`,
      [
        jobs[0].tenantId,
        jobs.map((job) => job.agentId),
        jobs.map((job) => job.key.id),
        jobs.map((job) => job.path),
        jobs.map((job) => job.payloadHash),
        jobs.map((job) => job.now),
        jobs.map((job) => registeredToolName(job.path)),
      ],
    );
    return result.rows;
  }

  /** A decision's reads, sent together: one round trip (two when the tenant's rules changed, budgets cover the call or the agent has controls). */
  private async readDecision(client: pg.ClientBase, job: DecisionJob, read?: Promise<Row>): Promise<DecisionRead> {
    const [reads, found] = await Promise.all([
      this.decisionReads(client, job, read),
      job.idempotency
        ? query(
            client,
            'idempotency_find',
            `SELECT request_hash, decision_id FROM idempotency_keys WHERE tenant_id = $1 AND key_id = $2 AND idempotency_key = $3 AND created_at > $4`,
            [job.tenantId, job.key.id, job.idempotency.key, job.now - job.idempotency.windowMs],
          )
        : null,
    ]);
    const earlier = found?.rows[0];
    if (!earlier) return { reads, earlier: null };
    const first =
      earlier.request_hash === job.idempotency!.requestHash
        ? decisionOf(
            (
              await query(client, 'decision', 'SELECT * FROM decisions WHERE tenant_id = $1 AND id = $2', [
                job.tenantId,
                earlier.decision_id,
              ])
            ).rows[0],
          )
        : null;
    return { reads, earlier: { decisionId: earlier.decision_id as string, first } };
  }

  /** Runs the engine on what was read; writes nothing. */
  private planDecision(job: DecisionJob, { reads, earlier }: DecisionRead): PlannedDecision {
    // Revoked since the request's key was remembered: refused before anything is decided or written.
    if (reads.key.revokedAt !== null) {
      this.keyIdentities.forget(job.key.keyHash);
      throw new ApiError('AG_UNKNOWN_KEY');
    }
    if (earlier) {
      if (!earlier.first) throw new IdempotencyKeyReused(earlier.decisionId);
      if (replaysFirstDecision(earlier.first, reads)) return { replay: earlier.first };
    }
    const state = decisionStateOf(job, reads);
    return { state, ...job.compute(state) };
  }

  /**
   * Sends a decision's writes one after the other without waiting in between (one round trip on a
   * pipelined connection; they run in this order) and answers the stored row once all succeeded.
   * Every statement is sent before this returns its promise: what the caller sends next runs after them.
   */
  private async writeDecision(
    client: pg.ClientBase,
    tip: JournalTip,
    job: DecisionJob,
    { reads, earlier }: DecisionRead,
    { state, decision, row }: Extract<PlannedDecision, { state: unknown }>,
    events: EventBatch,
    /** Set before this returns: whether every write was sent, and whether one of them is checked in node after it ran. */
    progress: { all: boolean; checkedInNode: boolean } = { all: false, checkedInNode: false },
  ): Promise<DecisionRow> {
    const sent: Array<Promise<unknown>> = [];
    let journalSeq: number | null = null;
    let seq = 0;
    try {
      const writes = planDecisionWrites(job, reads, state, decision, row, earlier !== null);
      // The row, its journal entry, the agent's (and key's) record and `decision.created` in one statement.
      const folded = this.journal.enabled ? foldDecisionWrites(writes) : null;
      for (let w = 0; w < writes.length; w++) {
        if (folded?.carried.has(w)) continue;
        const write = writes[w];
        const next = writes[w + 1];
        switch (write.kind) {
          case 'consume-approval':
            // Guarded: only an approved, unexpired approval is consumed, whichever node tries first.
            progress.checkedInNode = true;
            sent.push(
              query(
                client,
                'approval_consume',
                `UPDATE approvals SET status = 'consumed', consumed_at = $1, consumed_by_decision_id = $2
                 WHERE id = $3 AND status = 'approved' AND expires_at > $1 RETURNING id`,
                [write.now, write.decisionId, write.approvalId],
              ).then((consumed) => {
                // INVARIANT: an approval runs once. Read under the tenant's lock in this transaction, so this cannot
                // miss; if it did, the transaction rolls back and this decision is refused.
                if (consumed.rowCount !== 1) throw new Error(`approval ${write.approvalId} could not be consumed`);
              }),
            );
            break;
          case 'create-approval': {
            const a = write.approval;
            sent.push(
              query(
                client,
                'approval_insert',
                `INSERT INTO approvals (id, tenant_id, agent_id, path, payload_hash, requested_by_key_id, decision_id, status, risk, reasons,
                   detail, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $11, $12)`,
                [
                  a.id,
                  a.tenantId,
                  a.agentId,
                  a.path,
                  a.payloadHash,
                  a.requestedByKeyId,
                  a.decisionId,
                  a.risk,
                  JSON.stringify(a.reasons),
                  a.detail,
                  a.createdAt,
                  a.expiresAt,
                ],
              ),
            );
            break;
          }
          case 'save-agent': {
            const agent = agentSaveValues(write);
            // With the key's record (planned together): one statement instead of two.
            if (next?.kind === 'key-record') {
              w++;
              const key = keyRecordValues(next);
              sent.push(
                query(
                  client,
                  'agent_save_key_record',
                  `WITH agent AS (${AGENT_SAVE}) UPDATE keys SET approved = $7, blocked = $8, recent_blocked = $9 WHERE id = $10`,
                  [...agent, ...key],
                ),
              );
            } else sent.push(query(client, 'agent_save', AGENT_SAVE, agent));
            break;
          }
          case 'touch-agent':
            sent.push(
              query(
                client,
                'agent_touch',
                `INSERT INTO agents (tenant_id, agent_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)
                 ON CONFLICT (tenant_id, agent_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
                [write.tenantId, write.agentId, write.now],
              ),
            );
            break;
          case 'key-record':
            sent.push(
              query(
                client,
                'key_record',
                'UPDATE keys SET approved = $1, blocked = $2, recent_blocked = $3 WHERE id = $4',
                keyRecordValues(write),
              ),
            );
            break;
          case 'key-spend':
            sent.push(
              query(client, 'key_spend', 'UPDATE keys SET spent_usd = spent_usd + $1 WHERE id = $2', [write.amountUsd, write.keyId]),
            );
            break;
          case 'journal': {
            // A decision's entry with the decision's row, which names it (planned right after it): one statement.
            const entry =
              next?.kind === 'insert-decision'
                ? this.journal.nextEntry(tip, write.tenantId, write.type, write.refId, write.time, write.record)
                : null;
            if (entry && next?.kind === 'insert-decision' && folded) {
              w++;
              const created = this.events.decisionCreatedSent(events, next.row);
              const { name, text } = decisionStatement(folded.agent);
              sent.push(
                query(client, name, text, [
                  ...decisionInsertValues(next.row, entry.seq),
                  ...entry.values,
                  ...decisionCreatedValues(next.row),
                  ...foldedAgentValues(writes, folded),
                ]).then((inserted) => {
                  seq = inserted.rows[0].seq;
                  created.written(inserted.rows[0].event_seq);
                }),
              );
              break;
            }
            if (entry && next?.kind === 'insert-decision') {
              w++;
              sent.push(
                query(
                  client,
                  'decision_insert_journaled',
                  `${journalAppendWith(21)}
                   INSERT INTO decisions (${DECISION_INSERT_COLUMNS})
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING seq`,
                  [...decisionInsertValues(next.row, entry.seq), ...entry.values],
                ).then((inserted) => {
                  seq = inserted.rows[0].seq;
                }),
              );
              break;
            }
            const appended = this.journal.appendSent(client, tip, write.tenantId, write.type, write.refId, write.time, write.record);
            journalSeq = appended.seq;
            sent.push(appended.written);
            break;
          }
          case 'insert-decision': {
            const r = write.row;
            sent.push(
              query(
                client,
                'decision_insert',
                `INSERT INTO decisions (${DECISION_INSERT_COLUMNS})
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING seq`,
                decisionInsertValues(r, journalSeq),
              ).then((inserted) => {
                seq = inserted.rows[0].seq;
              }),
            );
            break;
          }
          case 'remember-idempotency':
            // Expired keys of the same API key go when a new one is stored, so the table stays bounded.
            sent.push(
              query(client, 'idempotency_prune', 'DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key_id = $2 AND created_at <= $3', [
                write.tenantId,
                write.keyId,
                write.now - write.windowMs,
              ]),
              query(
                client,
                'idempotency_insert',
                `INSERT INTO idempotency_keys (tenant_id, key_id, idempotency_key, request_hash, decision_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
                [write.tenantId, write.keyId, write.key, write.requestHash, write.decisionId, write.now],
              ),
            );
            break;
          case 'decision-events':
            // With the row's statement, `decision.created` is written already; what it did to an approval follows.
            sent.push(this.events.appendDecision(client, events, write.row, write.effects, write.approval, folded !== null));
            break;
          case 'use-plan-step':
            // INVARIANT: a plan step is used once. Its count was read under the tenant's lock, so this cannot miss.
            progress.checkedInNode = true;
            sent.push(
              this.plans.useStep(client, write).then((used) => {
                if (!used) throw new Error(`step ${write.position} of plan ${write.planId} could not be used`);
              }),
            );
            break;
          default:
            // Issue 19: the decision's budget reservation and alerts (sends all its statements at once too).
            progress.checkedInNode = true;
            sent.push(this.budgets.applyWrite(client, events, write));
        }
      }
      progress.all = true;
    } catch (error) {
      // Every statement sent is settled before the caller rolls back: no rejection goes unobserved.
      await Promise.allSettled(sent);
      throw error;
    }
    await Promise.all(sent);
    return { ...row, seq };
  }

  async listDecisions(tenantId: string, query_: DecisionListQuery): Promise<DecisionRow[]> {
    const where = ['tenant_id = $1'];
    const values: unknown[] = [tenantId];
    const add = (clause: string, value: unknown) => {
      values.push(value);
      where.push(`${clause} $${values.length}`);
    };
    if (query_.beforeSeq !== undefined) add('seq <', query_.beforeSeq);
    if (query_.agentId !== undefined) add('agent_id =', query_.agentId);
    if (query_.verdict !== undefined) add('verdict =', query_.verdict);
    if (query_.path !== undefined) add('path =', query_.path);
    values.push(query_.limit);
    const sql = `SELECT * FROM decisions WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT $${values.length}`;
    // At most 16 shapes of filter: each is prepared once per connection under its own name.
    const name = 'decisions_list_' + where.map((clause) => clause.split(' ')[0]).join('_');
    return (await query(this.pool, name, sql, values)).rows.map(decisionOf);
  }

  /** A decision's journal record and payload as canonical JSON, rebuilt from its row. */
  private async decisionRecordText(tenantId: string, id: string): Promise<{ record: string; payload?: string } | null> {
    const decision = await this.getDecision(tenantId, id);
    if (!decision) return null;
    return { record: canonicalJson(decisionRecord(decision)), payload: canonicalJson(decision.payload ?? {}) };
  }

  async getDecision(tenantId: string, id: string): Promise<DecisionRow | null> {
    const row = (await query(this.pool, 'decision', 'SELECT * FROM decisions WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rows[0];
    return row ? decisionOf(row) : null;
  }

  async setOutcome(
    tenantId: string,
    id: string,
    outcome: NonNullable<DecisionRow['outcome']>,
    cost: { actualCostCents: number | null } = { actualCostCents: null },
  ): Promise<'ok' | 'not_found' | 'already_set'> {
    // Issue 19: the outcome settles the decision's budget reservation in the same transaction, under the tenant's lock.
    const changed = await this.tenantTransaction(tenantId, async (client, batch) => {
      const result = await query(
        client,
        'decision_outcome',
        'UPDATE decisions SET outcome = $1, outcome_detail = $2, outcome_at = $3, outcome_screen = $4 WHERE tenant_id = $5 AND id = $6 AND outcome IS NULL',
        [outcome.status, outcome.detail, outcome.at, storedResultScreen(outcome), tenantId, id],
      );
      if (result.rowCount !== 1) return false;
      // Issue 13: a flagged tool result is an event (console, SSE, polling) in the same transaction.
      const flagged = resultFlaggedEvent(id, outcome);
      if (flagged) await this.events.append(client, batch, tenantId, 'decision.result_flagged', flagged, outcome.at);
      const settlement =
        outcome.status === 'completed' ? { kind: 'commit' as const, actualCents: cost.actualCostCents } : { kind: 'release' as const };
      await this.budgets.settleDecision(client, batch, tenantId, id, settlement, outcome.at);
      return true;
    });
    if (changed) return 'ok';
    return (await this.getDecision(tenantId, id)) ? 'already_set' : 'not_found';
  }

  async listApprovals(tenantId: string, q: ApprovalListQuery, now: number): Promise<ApprovalRow[]> {
    await this.expireDue(tenantId, now);
    const where = ['a.tenant_id = $1'];
    const values: unknown[] = [tenantId];
    if (q.status !== undefined) {
      values.push(q.status);
      where.push(`a.status = $${values.length}`);
    }
    if (q.agentId !== undefined) {
      values.push(q.agentId);
      where.push(`a.agent_id = $${values.length}`);
    }
    values.push(q.limit);
    const sql = `SELECT ${APPROVAL_COLUMNS} WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id LIMIT $${values.length}`;
    const name = `approvals_list_${q.status !== undefined}_${q.agentId !== undefined}`;
    return (await query(this.pool, name, sql, values)).rows.map((row) => approvalOf(row, now));
  }

  async expireDueApprovals(now: number): Promise<number> {
    const due = await query(
      this.pool,
      'approvals_due_tenants',
      `SELECT DISTINCT tenant_id FROM approvals WHERE status IN ('pending', 'approved') AND expires_at <= $1`,
      [now],
    );
    let expired = 0;
    for (const row of due.rows) expired += await this.expireDue(row.tenant_id, now);
    return expired;
  }

  /**
   * Marks the tenant's approvals whose time ran out as expired, journaling each. Under the tenant's
   * lock, and the update guarded by the status: whichever node notices first records it, once.
   */
  private async expireDue(tenantId: string, now: number): Promise<number> {
    const due = await query(
      this.pool,
      'approvals_due_of',
      `SELECT 1 FROM approvals WHERE tenant_id = $1 AND status IN ('pending', 'approved') AND expires_at <= $2 LIMIT 1`,
      [tenantId, now],
    );
    if (due.rows.length === 0) return 0;
    return this.tenantTransaction(tenantId, async (client, _events, tip) => {
      const expired = await query(
        client,
        'approvals_expire',
        `UPDATE approvals SET status = 'expired' WHERE tenant_id = $1 AND status IN ('pending', 'approved') AND expires_at <= $2 RETURNING *`,
        [tenantId, now],
      );
      const rows = expired.rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
      for (const row of rows) {
        const state = expiredApproval(approvalStateOf(row, now));
        await this.journal.append(client, tip, tenantId, 'approval.expired', row.id, now, approvalRecord(state));
      }
      return rows.length;
    });
  }

  async getApproval(tenantId: string, id: string, now: number): Promise<ApprovalRow | null> {
    const row = (await query(this.pool, 'approval', `SELECT ${APPROVAL_COLUMNS} WHERE a.tenant_id = $1 AND a.id = $2`, [tenantId, id]))
      .rows[0];
    return row ? approvalOf(row, now) : null;
  }

  async decideApproval(
    tenantId: string,
    id: string,
    decision: { approve: boolean; keyId: string; note: string | null; now: number; resendWindowMs: number },
  ): Promise<ApprovalDecisionResult> {
    return this.tenantTransaction(tenantId, async (client, events, tip) => {
      const row = (await query(client, 'approval', `SELECT ${APPROVAL_COLUMNS} WHERE a.tenant_id = $1 AND a.id = $2`, [tenantId, id]))
        .rows[0];
      if (!row) return { ok: false, reason: 'not_found' } as const;
      const agentRow = (
        await query(client, 'agent', 'SELECT * FROM agents WHERE tenant_id = $1 AND agent_id = $2', [tenantId, row.agent_id])
      ).rows[0];
      const keyRow = (await query(client, 'key_by_id', 'SELECT * FROM keys WHERE id = $1', [row.requested_by_key_id])).rows[0];
      const plan = planApprovalAnswer(approvalOf(row, decision.now), row.status, decision, () => ({
        agent: trustRecordOf(agentRow),
        key: keyRow ? trustRecordOf(keyRow) : null,
      }));
      if (plan.kind === 'refuse') {
        if (plan.recordExpiry && !plan.result.ok && plan.result.approval) {
          await query(client, 'approval_expire_one', `UPDATE approvals SET status = 'expired' WHERE id = $1`, [id]);
          await this.journal.append(client, tip, tenantId, 'approval.expired', id, decision.now, approvalRecord(plan.result.approval));
        }
        return plan.result;
      }
      const u = plan.update;
      await query(
        client,
        'approval_decide',
        `UPDATE approvals SET status = $1, decided_at = $2, decided_by_key_id = $3, note = $4, expires_at = $5 WHERE id = $6 AND status = 'pending'`,
        [u.status, u.decidedAt, u.decidedByKeyId, u.note, u.expiresAt, id],
      );
      if (plan.blockedFor) {
        const { agent, key } = plan.blockedFor;
        await query(
          client,
          'agent_record',
          'UPDATE agents SET approved = $1, blocked = $2, recent_blocked = $3 WHERE tenant_id = $4 AND agent_id = $5',
          [agent.approved, agent.blocked, JSON.stringify(agent.recentBlockedAt), tenantId, plan.decided.agentId],
        );
        if (key)
          await query(client, 'key_record', 'UPDATE keys SET approved = $1, blocked = $2, recent_blocked = $3 WHERE id = $4', [
            key.approved,
            key.blocked,
            JSON.stringify(key.recentBlockedAt),
            plan.decided.requestedByKeyId,
          ]);
      }
      await this.events.append(client, events, tenantId, plan.event, approvalEventData(plan.decided), decision.now);
      await this.journal.append(client, tip, tenantId, plan.journal, id, decision.now, approvalRecord(plan.decided));
      return { ok: true, approval: plan.decided } as const;
    });
  }

  async listEvents(tenantId: string, afterSeq: number, limit: number): Promise<EventRow[]> {
    return this.events.list(tenantId, afterSeq, limit);
  }

  async appendEvent(tenantId: string, type: EventType, data: Record<string, unknown>, now: number): Promise<EventRow> {
    return this.tenantTransaction(tenantId, (client, batch) => this.events.append(client, batch, tenantId, type, data, now));
  }

  async lastEventSeq(tenantId: string): Promise<number> {
    return this.events.lastSeq(tenantId);
  }

  onEvents(listener: EventListener): () => void {
    return this.events.listen(listener);
  }

  async createHaltToken(token: HaltTokenRow): Promise<void> {
    await this.transaction(async (client) => {
      // Spent and expired tokens of the tenant go when a new one is issued, so the table stays small.
      await query(
        client,
        'halt_tokens_prune',
        'DELETE FROM halt_tokens WHERE tenant_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)',
        [token.tenantId, token.createdAt],
      );
      await query(
        client,
        'halt_token_insert',
        'INSERT INTO halt_tokens (token_hash, tenant_id, key_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [token.tokenHash, token.tenantId, token.keyId, token.createdAt, token.expiresAt],
      );
    });
  }

  async halt(tenantId: string, request: HaltRequest): Promise<HaltResult> {
    return this.tenantTransaction(tenantId, async (client, events): Promise<HaltResult> => {
      const tenant = (await query(client, 'tenant_for_update', 'SELECT * FROM tenants WHERE id = $1 FOR UPDATE', [tenantId])).rows[0];
      if (!tenant) return { ok: false, reason: 'token_unknown' };
      if (tenant.halted_at !== null) return { ok: false, reason: 'already_halted' };
      const token = (
        await query(client, 'halt_token', 'SELECT * FROM halt_tokens WHERE token_hash = $1 AND tenant_id = $2 FOR UPDATE', [
          request.tokenHash,
          tenantId,
        ])
      ).rows[0];
      if (!token) return { ok: false, reason: 'token_unknown' };
      if (token.used_at !== null) return { ok: false, reason: 'token_used' };
      if (token.expires_at <= request.now) return { ok: false, reason: 'token_expired' };
      if (request.requireOtherKey && token.key_id === request.keyId) return { ok: false, reason: 'same_key' };
      if (!request.requireOtherKey && token.key_id !== request.keyId) return { ok: false, reason: 'wrong_key' };
      await query(client, 'halt_token_use', 'UPDATE halt_tokens SET used_at = $1 WHERE token_hash = $2', [request.now, request.tokenHash]);
      await query(client, 'tenant_halt', 'UPDATE tenants SET halted_reason = $1, halted_at = $2, halted_by = $3 WHERE id = $4', [
        request.reason,
        request.now,
        request.operatorId,
        tenantId,
      ]);
      await this.events.append(
        client,
        events,
        tenantId,
        'halt.started',
        {
          reason: request.reason,
          operator_id: request.operatorId,
          key_id: request.keyId,
          token_key_id: token.key_id,
          at: new Date(request.now).toISOString(),
        },
        request.now,
      );
      return { ok: true, halted: { reason: request.reason, since: request.now, operatorId: request.operatorId }, tokenKeyId: token.key_id };
    });
  }

  async resume(tenantId: string, request: { keyId: string; operatorId: string | null; now: number }): Promise<boolean> {
    return this.tenantTransaction(tenantId, async (client, events) => {
      const tenant = (await query(client, 'tenant_for_update', 'SELECT * FROM tenants WHERE id = $1 FOR UPDATE', [tenantId])).rows[0];
      if (!tenant || tenant.halted_at === null) return false;
      await query(client, 'tenant_resume', 'UPDATE tenants SET halted_reason = NULL, halted_at = NULL, halted_by = NULL WHERE id = $1', [
        tenantId,
      ]);
      await this.events.append(
        client,
        events,
        tenantId,
        'halt.lifted',
        {
          key_id: request.keyId,
          operator_id: request.operatorId,
          halted_reason: tenant.halted_reason,
          halted_since: new Date(tenant.halted_at).toISOString(),
          at: new Date(request.now).toISOString(),
        },
        request.now,
      );
      return true;
    });
  }

  async addTraceEvent(event: TraceEventRow): Promise<void> {
    await query(
      this.pool,
      'trace_event_insert',
      `INSERT INTO trace_events (id, tenant_id, trace_id, span_id, parent_span_id, name, kind, status, attributes, payload, key_id, agent_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        event.id,
        event.tenantId,
        event.traceId,
        event.spanId,
        event.parentSpanId,
        event.name,
        event.kind,
        event.status,
        JSON.stringify(event.attributes),
        event.payload === undefined ? null : JSON.stringify(event.payload),
        event.keyId,
        event.agentId,
        event.createdAt,
      ],
    );
  }

  async getTrace(tenantId: string, traceId: string, limit: number): Promise<{ decisions: DecisionRow[]; events: TraceEventRow[] }> {
    const decisions = await query(
      this.pool,
      'trace_decisions',
      'SELECT * FROM decisions WHERE tenant_id = $1 AND trace_id = $2 ORDER BY seq LIMIT $3',
      [tenantId, traceId, limit],
    );
    const events = await query(
      this.pool,
      'trace_events',
      'SELECT * FROM trace_events WHERE tenant_id = $1 AND trace_id = $2 ORDER BY created_at, ord LIMIT $3',
      [tenantId, traceId, limit],
    );
    return {
      decisions: decisions.rows.map(decisionOf),
      events: events.rows.map((row) => ({
        id: row.id,
        tenantId: row.tenant_id,
        traceId: row.trace_id,
        spanId: row.span_id,
        parentSpanId: row.parent_span_id,
        name: row.name,
        kind: row.kind,
        status: row.status,
        attributes: JSON.parse(row.attributes),
        payload: row.payload === null ? null : JSON.parse(row.payload),
        keyId: row.key_id,
        agentId: row.agent_id,
        createdAt: row.created_at,
      })),
    };
  }

  async listTraces(tenantId: string, limit: number): Promise<TraceSummary[]> {
    const result = await query(
      this.pool,
      'traces_list',
      `SELECT trace_id, SUM(is_decision)::int AS decisions, SUM(1 - is_decision)::int AS events, MIN(created_at) AS first_at, MAX(created_at) AS last_at
       FROM (SELECT trace_id, created_at, 1 AS is_decision FROM decisions WHERE tenant_id = $1 AND trace_id IS NOT NULL
             UNION ALL
             SELECT trace_id, created_at, 0 AS is_decision FROM trace_events WHERE tenant_id = $1) t
       GROUP BY trace_id ORDER BY last_at DESC LIMIT $2`,
      [tenantId, limit],
    );
    return result.rows.map((row) => ({
      traceId: row.trace_id,
      decisions: row.decisions,
      events: row.events,
      firstAt: row.first_at,
      lastAt: row.last_at,
    }));
  }

  async seedTrustRecord(
    tenantId: string,
    target: { agentId?: string; keyId?: string },
    counts: { approved: number; blocked: number },
    now: number,
  ): Promise<void> {
    await this.transaction(async (client) => {
      if (target.agentId !== undefined)
        await query(
          client,
          'agent_seed',
          `INSERT INTO agents (tenant_id, agent_id, approved, blocked, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (tenant_id, agent_id) DO UPDATE SET approved = excluded.approved, blocked = excluded.blocked`,
          [tenantId, target.agentId, counts.approved, counts.blocked, now],
        );
      if (target.keyId !== undefined)
        await query(client, 'key_seed', 'UPDATE keys SET approved = $1, blocked = $2 WHERE tenant_id = $3 AND id = $4', [
          counts.approved,
          counts.blocked,
          tenantId,
          target.keyId,
        ]);
    });
  }

  /** Every table except `tenants` with a `tenant_id` column, from the catalog (tables added later included). */
  private async tenantTables(client: Client): Promise<string[]> {
    const result = await query(
      client,
      'tenant_tables',
      `SELECT table_name FROM information_schema.columns
       WHERE column_name = 'tenant_id' AND table_schema = current_schema() AND table_name <> 'tenants' ORDER BY table_name`,
      [],
    );
    return result.rows.map((row) => row.table_name as string);
  }

  async deleteTenant(tenantId: string): Promise<void> {
    await this.transaction(async (client) => {
      // Locked first, so writers that check the tenant exists (saveHead) wait and then find it gone.
      await client.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenantId]);
      for (const table of await this.tenantTables(client))
        await client.query(`DELETE FROM "${table.replaceAll('"', '""')}" WHERE tenant_id = $1`, [tenantId]);
      await client.query('DELETE FROM tenants WHERE id = $1', [tenantId]);
    });
    this.configs.delete(tenantId);
  }

  async publishSigningKeys(nodeId: string, keys: readonly PublishedKey[], now: number): Promise<void> {
    for (const key of keys) {
      await query(
        this.pool,
        'signing_key_upsert',
        `INSERT INTO signing_keys (kid, node_id, public_key, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (kid) DO UPDATE SET public_key = excluded.public_key, updated_at = excluded.updated_at`,
        [key.kid, nodeId, JSON.stringify(key), now],
      );
    }
  }

  async listSigningKeys(): Promise<PublishedKey[]> {
    const result = await query(this.pool, 'signing_keys_list', 'SELECT public_key FROM signing_keys ORDER BY created_at, kid', []);
    return result.rows.map((row) => JSON.parse(row.public_key) as PublishedKey);
  }

  async staleTenantIds(idPrefix: string, createdBefore: number, limit: number): Promise<string[]> {
    const low = idPrefix;
    const high = idPrefix.slice(0, -1) + String.fromCharCode(idPrefix.charCodeAt(idPrefix.length - 1) + 1);
    const tenants = await query(
      this.pool,
      'tenants_stale',
      'SELECT id FROM tenants WHERE id >= $1 AND id < $2 AND created_at < $3 ORDER BY id LIMIT $4',
      [low, high, createdBefore, limit],
    );
    const ids = new Set(tenants.rows.map((row) => row.id as string));
    for (const table of await this.tenantTables(this.pool)) {
      if (ids.size >= limit) break;
      const orphans = await this.pool.query(
        `SELECT DISTINCT tenant_id FROM "${table.replaceAll('"', '""')}" WHERE tenant_id >= $1 AND tenant_id < $2
           AND tenant_id NOT IN (SELECT id FROM tenants WHERE id >= $1 AND id < $2) LIMIT $3`,
        [low, high, limit],
      );
      for (const row of orphans.rows) ids.add(row.tenant_id as string);
    }
    return [...ids].slice(0, limit);
  }
}

/** A rule changed between planning and applying a rule set: the transaction rolls back. */
class StaleRuleSet extends Error {}

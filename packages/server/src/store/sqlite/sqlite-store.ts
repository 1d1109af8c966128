// The embedded store: SQLite through better-sqlite3 in WAL mode with synchronous=FULL, so a
// decision is on disk before its answer leaves. Decisions that arrive in one turn of the event
// loop share one transaction (group commit): one fsync for all of them, each answered after it.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  canonicalJson,
  normalizeToolPath,
  recordOutcome,
  resolveSettings,
  type DecisionState,
  type RiskClass,
  type TenantSettings,
  type TrustOverride,
  type TrustRecord,
} from '@actiongate/engine';
import type {
  AgentRow,
  ApprovalDecisionResult,
  ApprovalListQuery,
  ApprovalRow,
  ApprovalState,
  ApprovalStatus,
  DecisionJob,
  DecisionListQuery,
  DecisionRow,
  KeyRow,
  Store,
  TenantRow,
  ToolRow,
  ToolRuleRow,
} from '../store.ts';
import { IdempotencyKeys } from './idempotency.ts';
import { SqliteDemoTenants } from './sqlite-demo-tenants.ts';
import { MIGRATIONS } from './schema.ts';
import { approvalRecord, decisionRecord } from '../../journal/journal-records.ts';
import { SqliteJournal } from '../../journal/sqlite-journal.ts';
import { approvalEventData, SqliteEventLog, type DecisionEventFields } from './sqlite-events.ts';
import { SqliteHalt } from './sqlite-halt.ts';
import { SqliteIdentities } from './sqlite-identities.ts'; // issue 20
import { SqliteTraces } from './sqlite-traces.ts';
import { WalSync } from './wal-sync.ts';
import { decodeDecisionBody, encodeDecisionBody } from './decision-body.ts';
import type { EventListener, EventRow } from '../event-store.ts';
import type { HaltRequest, HaltResult, HaltTokenRow } from '../halt-store.ts';
import type { TraceEventRow, TraceSummary } from '../trace-store.ts';

type Row = Record<string, any>;

const KEY_CACHE_LIMIT = 10_000;

interface PendingJob {
  job: DecisionJob;
  resolve(row: DecisionRow): void;
  reject(error: unknown): void;
}

function trustRecordOf(row: Row | undefined): TrustRecord {
  if (!row) return { approved: 0, blocked: 0, recentBlockedAt: [], override: null };
  return {
    approved: row.approved,
    blocked: row.blocked,
    recentBlockedAt: JSON.parse(row.recent_blocked),
    override: (row.override ?? null) as TrustOverride,
  };
}

function keyOf(row: Row): KeyRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: row.kind,
    role: row.role,
    name: row.name,
    agentId: row.agent_id,
    budgetUsd: row.budget_usd,
    spentUsd: row.spent_usd ?? 0,
    keyHash: row.key_hash,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    record: trustRecordOf(row),
  };
}

function tenantOf(row: Row): TenantRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    settings: row.settings ? JSON.parse(row.settings) : null,
    halted: row.halted_at ? { reason: row.halted_reason, since: row.halted_at, operatorId: row.halted_by } : null,
  };
}

function ruleOf(row: Row): ToolRuleRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    effect: row.effect,
    match_path: row.match_path,
    match_args: row.match_args ? JSON.parse(row.match_args) : null,
    agent_ids: row.agent_ids ? JSON.parse(row.agent_ids) : null,
    risk_at_least: row.risk_at_least ?? null,
    description: row.description,
    enabled: row.enabled === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A tool rule as the named parameters of its row. */
function ruleColumns(rule: ToolRuleRow) {
  return {
    id: rule.id,
    tenant_id: rule.tenantId,
    name: rule.name,
    effect: rule.effect,
    match_path: rule.match_path,
    match_args: rule.match_args ? JSON.stringify(rule.match_args) : null,
    agent_ids: rule.agent_ids ? JSON.stringify(rule.agent_ids) : null,
    risk_at_least: rule.risk_at_least,
    description: rule.description,
    enabled: rule.enabled ? 1 : 0,
    version: rule.version,
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
  };
}

function agentOf(row: Row): AgentRow {
  return {
    tenantId: row.tenant_id,
    agentId: row.agent_id,
    record: trustRecordOf(row),
    overrideReason: row.override_reason,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * An approval's columns with its payload, which is stored once, in the decision that asked for it
 * (approvals from before migration 7 keep their own copy).
 */
const APPROVAL_COLUMNS = `a.*, d.body AS decision_body, d.payload AS decision_payload
  FROM approvals a LEFT JOIN decisions d ON d.id = a.decision_id`;

function approvalPayloadOf(row: Row): unknown {
  if (row.payload !== null) return JSON.parse(row.payload);
  if (row.decision_body) return decodeDecisionBody(row.decision_body).payload;
  // INVARIANT: an approval is created in the savepoint of its decision and deleted with its tenant.
  if (row.decision_payload === null || row.decision_payload === undefined) throw new Error(`approval ${row.id} has lost its decision`);
  return JSON.parse(row.decision_payload);
}

/** An approval with its payload, from a row read with APPROVAL_COLUMNS: what the API shows. */
function approvalOf(row: Row, now: number): ApprovalRow {
  return { ...approvalStateOf(row, now), payload: approvalPayloadOf(row) };
}

/** An approval without its payload: all that events and journal records need, with nothing to decode. */
function approvalStateOf(row: Row, now: number): ApprovalState {
  let status = row.status as ApprovalStatus;
  // Expiry is a matter of the clock; the stored status catches up when the row is next written.
  if ((status === 'pending' || status === 'approved') && row.expires_at <= now) status = 'expired';
  return {
    id: row.id,
    tenantId: row.tenant_id,
    agentId: row.agent_id,
    path: row.path,
    payloadHash: row.payload_hash,
    requestedByKeyId: row.requested_by_key_id,
    decisionId: row.decision_id,
    status,
    risk: row.risk,
    reasons: JSON.parse(row.reasons),
    detail: row.detail,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at,
    decidedByKeyId: row.decided_by_key_id,
    note: row.note,
    consumedAt: row.consumed_at,
    consumedByDecisionId: row.consumed_by_decision_id,
  };
}

function decisionEventFieldsOf(row: Row): DecisionEventFields {
  return {
    id: row.id,
    verdict: row.verdict,
    blocked: row.blocked === 1,
    agentId: row.agent_id,
    path: row.path,
    risk: row.risk,
    detail: row.detail,
    approvalId: row.approval_id,
    traceId: row.trace_id ?? null,
    createdAt: row.created_at,
  };
}

function decisionOf(row: Row): DecisionRow {
  const { payload, stages } = row.body
    ? decodeDecisionBody(row.body)
    : { payload: JSON.parse(row.payload), stages: JSON.parse(row.stages) };
  return {
    ...decisionEventFieldsOf(row),
    seq: row.seq,
    tenantId: row.tenant_id,
    keyId: row.key_id,
    payload,
    // Blobs since migration 7 (32 and 64 bytes instead of 64 and 86 characters); text before.
    payloadHash: typeof row.payload_hash === 'string' ? row.payload_hash : row.payload_hash.toString('hex'),
    enforcing: row.enforcing === 1,
    mode: row.mode,
    stages,
    signature: typeof row.signature === 'string' ? row.signature : row.signature.toString('base64url'),
    signingKeyId: row.signing_key_id,
    // Rows from before migration 7 keep it; newer ones leave it to decisionSignedPayload.
    signedPayload: row.signed_payload ?? undefined,
    outcome: row.outcome ? { status: row.outcome, detail: row.outcome_detail, at: row.outcome_at } : null,
  };
}

export interface SqliteStoreOptions {
  /** Directory holding `actiongate.db`; `:memory:` for a throwaway database. */
  dataDir: string;
  /** Append decisions and approval events to the tamper-evident journal (default true; off only to measure its cost). */
  journal?: boolean;
}

export class SqliteStore implements Store {
  readonly db: Database.Database;
  private queue: PendingJob[] = [];
  private flushScheduled = false;
  private closed = false;
  /**
   * Keys by hash for authentication (a lookup per request). Dropped on revocation and tenant
   * deletion, the only changes to a key's identity; trust counters in here may lag (see Store).
   */
  private keysByHash = new Map<string, KeyRow>();
  /** Tenants as decisions see them (settings resolved); dropped when settings, halt or the tenant change. */
  private tenantsForDecisions = new Map<string, { tenant: TenantRow; settings: TenantSettings }>();
  /** Registered tool risk levels per tenant; dropped when the tenant's registry changes. */
  private toolRisks = new Map<string, Map<string, RiskClass>>();
  /** Tool rules per tenant, parsed once and dropped whenever the tenant's rules change. */
  private rulesCache = new Map<string, ToolRuleRow[]>();
  private statements: ReturnType<SqliteStore['prepare']>;
  private events: SqliteEventLog;
  private haltSwitch: SqliteHalt;
  private traces: SqliteTraces;
  private idempotencyKeys: IdempotencyKeys;
  private demoTenants: SqliteDemoTenants;
  readonly journal: SqliteJournal;
  /** Issue 20: identities, challenges, agent tokens and delegations. */
  readonly identities: SqliteIdentities;
  private listStatements = new Map<string, Database.Statement>();
  /** The error of a failed WAL sync: from then on the store refuses decisions and reports unhealthy. */
  private failed: unknown = null;
  /** Protected so a test can make the disk fail. */
  protected walSync: WalSync;

  constructor(options: SqliteStoreOptions) {
    let file = ':memory:';
    if (options.dataDir !== ':memory:') {
      mkdirSync(options.dataDir, { recursive: true });
      file = join(options.dataDir, 'actiongate.db');
    }
    this.db = new Database(file);
    this.walSync = new WalSync(file === ':memory:' ? null : `${file}-wal`);
    // Group commit relies on WAL (wal-sync.ts); a file system without it must stop us, not degrade us.
    const mode = this.db.pragma('journal_mode = WAL', { simple: true });
    if (file !== ':memory:' && mode !== 'wal') throw new Error(`SQLite could not use WAL mode here (journal_mode is ${String(mode)})`);
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    this.statements = this.prepare();
    this.events = new SqliteEventLog(this.db, (tenantId, id) => {
      const row = this.statements.decisionEventFields.get(tenantId, id) as Row | undefined;
      return row ? decisionEventFieldsOf(row) : null;
    });
    this.haltSwitch = new SqliteHalt(this.db, this.events);
    this.traces = new SqliteTraces(this.db);
    this.idempotencyKeys = new IdempotencyKeys(this.db);
    this.demoTenants = new SqliteDemoTenants(this.db);
    this.identities = new SqliteIdentities(this.db); // issue 20
    this.journal = new SqliteJournal(
      this.db,
      (tenantId, id, format) => this.decisionRecordText(tenantId, id, format),
      options.journal ?? true,
    );
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    for (let i = version; i < MIGRATIONS.length; i++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[i]);
        this.db.pragma(`user_version = ${i + 1}`);
      })();
    }
  }

  private prepare() {
    const db = this.db;
    return {
      tenant: db.prepare('SELECT * FROM tenants WHERE id = ?'),
      keyByHash: db.prepare('SELECT * FROM keys WHERE key_hash = ?'),
      keyById: db.prepare('SELECT * FROM keys WHERE id = ?'),
      agent: db.prepare('SELECT * FROM agents WHERE tenant_id = ? AND agent_id = ?'),
      touchAgent: db.prepare(
        `INSERT INTO agents (tenant_id, agent_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (tenant_id, agent_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
      ),
      agentRecord: db.prepare('UPDATE agents SET approved = ?, blocked = ?, recent_blocked = ? WHERE tenant_id = ? AND agent_id = ?'),
      // One statement for the agent a decision counts for: seen now, with its new record.
      saveAgent: db.prepare(
        `INSERT INTO agents (tenant_id, agent_id, approved, blocked, recent_blocked, created_at, last_seen_at) VALUES (@tenant_id, @agent_id, @approved, @blocked, @recent_blocked, @now, @now)
         ON CONFLICT (tenant_id, agent_id) DO UPDATE SET approved = excluded.approved, blocked = excluded.blocked,
           recent_blocked = excluded.recent_blocked, last_seen_at = excluded.last_seen_at`,
      ),
      keyRecord: db.prepare('UPDATE keys SET approved = ?, blocked = ?, recent_blocked = ? WHERE id = ?'),
      keySpend: db.prepare('UPDATE keys SET spent_usd = spent_usd + ? WHERE id = ?'),
      tools: db.prepare('SELECT tool_name, risk_level FROM tools WHERE tenant_id = ?'),
      // Pinned to the call's index: the planner may otherwise pick approvals_by_expiry and scan every
      // pending approval of every tenant on each decision (measured: 665 µs at 10,000 pending).
      approvalsForCall: db.prepare(
        `SELECT * FROM approvals INDEXED BY approvals_by_call
         WHERE tenant_id = ? AND agent_id = ? AND path = ? AND payload_hash = ? AND status IN ('approved', 'pending') AND expires_at > ?
         ORDER BY created_at`,
      ),
      insertApproval: db.prepare(
        `INSERT INTO approvals (id, tenant_id, agent_id, path, payload_hash, requested_by_key_id, decision_id,
           status, risk, reasons, detail, created_at, expires_at)
         VALUES (@id, @tenant_id, @agent_id, @path, @payload_hash, @requested_by_key_id, @decision_id,
           'pending', @risk, @reasons, @detail, @created_at, @expires_at)`,
      ),
      consumeApproval: db.prepare(
        `UPDATE approvals SET status = 'consumed', consumed_at = ?, consumed_by_decision_id = ?
         WHERE id = ? AND status = 'approved' AND expires_at > ?`,
      ),
      insertDecision: db.prepare(
        `INSERT INTO decisions (id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing,
           mode, risk, detail, created_at, signature, signing_key_id, approval_id, trace_id, body, journal_seq)
         VALUES (@id, @tenant_id, @agent_id, @key_id, @path, @payload_hash, @verdict, @blocked, @enforcing,
           @mode, @risk, @detail, @created_at, @signature, @signing_key_id, @approval_id, @trace_id, @body, @journal_seq)`,
      ),
      approval: db.prepare(`SELECT ${APPROVAL_COLUMNS} WHERE a.tenant_id = ? AND a.id = ?`),
      approvalState: db.prepare('SELECT * FROM approvals WHERE tenant_id = ? AND id = ?'),
      decision: db.prepare('SELECT * FROM decisions WHERE tenant_id = ? AND id = ?'),
      // A listed decision.created event needs these columns only, not the packed body.
      decisionEventFields: db.prepare(
        `SELECT id, verdict, blocked, agent_id, path, risk, detail, approval_id, trace_id, created_at
         FROM decisions WHERE tenant_id = ? AND id = ?`,
      ),
      dueApprovalsOf: db.prepare(`SELECT * FROM approvals WHERE tenant_id = ? AND status IN ('pending', 'approved') AND expires_at <= ?`),
      dueApprovals: db.prepare(`SELECT * FROM approvals WHERE status IN ('pending', 'approved') AND expires_at <= ?`),
      expireApproval: db.prepare(`UPDATE approvals SET status = 'expired' WHERE id = ? AND status IN ('pending', 'approved')`),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.flush();
      await this.walSync.durable();
    } finally {
      this.db.close();
      this.walSync.close();
    }
  }

  /**
   * Lets the answers of earlier group commits, still waiting for their sync, leave before a change
   * that stops them (a halt, a resume, a revoked key, a suspended agent) is reported done: an ALLOWED decided before a
   * halt must not reach the agent after the operator was told the tenant is halted. The change itself
   * committed with its own fsync; a failed sync has already answered those decisions with an error.
   */
  private async earlierAnswersSent(): Promise<void> {
    await this.walSync.durable().catch(() => {});
  }

  async ping(): Promise<boolean> {
    if (this.closed || this.failed) return false;
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async countTenants(): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM tenants').get() as Row).n;
  }

  async createTenant(tenant: TenantRow): Promise<void> {
    this.db
      .prepare('INSERT INTO tenants (id, name, email, created_at, settings) VALUES (?, ?, ?, ?, ?)')
      .run(tenant.id, tenant.name, tenant.email, tenant.createdAt, tenant.settings ? JSON.stringify(tenant.settings) : null);
  }

  async getTenant(id: string): Promise<TenantRow | null> {
    const row = this.statements.tenant.get(id) as Row | undefined;
    return row ? tenantOf(row) : null;
  }

  async updateSettings(tenantId: string, settings: Partial<TenantSettings>): Promise<void> {
    this.db.prepare('UPDATE tenants SET settings = ? WHERE id = ?').run(JSON.stringify(settings), tenantId);
    this.tenantsForDecisions.delete(tenantId);
  }

  async createKey(key: KeyRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO keys (id, tenant_id, kind, role, name, agent_id, budget_usd, key_hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(key.id, key.tenantId, key.kind, key.role, key.name, key.agentId, key.budgetUsd, key.keyHash, key.createdAt);
  }

  async findKeyByHash(keyHash: string): Promise<KeyRow | null> {
    const cached = this.keysByHash.get(keyHash);
    if (cached) return cached;
    const row = this.statements.keyByHash.get(keyHash) as Row | undefined;
    if (!row) return null;
    // Bounded: a burst of distinct keys only costs lookups, never unbounded memory.
    if (this.keysByHash.size >= KEY_CACHE_LIMIT) this.keysByHash.clear();
    const key = keyOf(row);
    this.keysByHash.set(keyHash, key);
    return key;
  }

  async listKeys(tenantId: string, kind: 'customer' | 'agent'): Promise<KeyRow[]> {
    const rows = this.db.prepare('SELECT * FROM keys WHERE tenant_id = ? AND kind = ? ORDER BY created_at, id').all(tenantId, kind);
    return (rows as Row[]).map(keyOf);
  }

  async revokeKey(tenantId: string, kind: 'customer' | 'agent', id: string, now: number): Promise<KeyRow | null> {
    this.db
      .prepare(`UPDATE keys SET revoked_at = COALESCE(revoked_at, ?), override = 'revoked' WHERE tenant_id = ? AND kind = ? AND id = ?`)
      .run(now, tenantId, kind, id);
    const row = this.db.prepare('SELECT * FROM keys WHERE tenant_id = ? AND kind = ? AND id = ?').get(tenantId, kind, id) as
      Row | undefined;
    if (row) this.keysByHash.delete(row.key_hash);
    await this.earlierAnswersSent();
    return row ? keyOf(row) : null;
  }

  async createToolRule(rule: ToolRuleRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO tool_rules (id, tenant_id, name, effect, match_path, match_args, agent_ids, risk_at_least, description, enabled,
           version, created_at, updated_at)
         VALUES (@id, @tenant_id, @name, @effect, @match_path, @match_args, @agent_ids, @risk_at_least, @description, @enabled,
           @version, @created_at, @updated_at)`,
      )
      .run(ruleColumns(rule));
    this.rulesCache.delete(rule.tenantId);
  }

  private tenantForDecisions(tenantId: string): { tenant: TenantRow; settings: TenantSettings } {
    let cached = this.tenantsForDecisions.get(tenantId);
    if (!cached) {
      const tenant = tenantOf(this.statements.tenant.get(tenantId) as Row);
      cached = { tenant, settings: resolveSettings(tenant.settings) };
      this.tenantsForDecisions.set(tenantId, cached);
    }
    return cached;
  }

  private toolRisksOf(tenantId: string): Map<string, RiskClass> {
    let risks = this.toolRisks.get(tenantId);
    if (!risks) {
      const rows = this.statements.tools.all(tenantId) as Row[];
      risks = new Map(rows.map((row) => [row.tool_name as string, row.risk_level as RiskClass]));
      this.toolRisks.set(tenantId, risks);
    }
    return risks;
  }

  async listToolRules(tenantId: string): Promise<ToolRuleRow[]> {
    return this.rulesOf(tenantId);
  }

  private rulesOf(tenantId: string): ToolRuleRow[] {
    let rules = this.rulesCache.get(tenantId);
    if (!rules) {
      rules = (this.db.prepare('SELECT * FROM tool_rules WHERE tenant_id = ? ORDER BY created_at, id').all(tenantId) as Row[]).map(ruleOf);
      this.rulesCache.set(tenantId, rules);
    }
    return rules;
  }

  async getToolRule(tenantId: string, id: string): Promise<ToolRuleRow | null> {
    const row = this.db.prepare('SELECT * FROM tool_rules WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? ruleOf(row) : null;
  }

  async updateToolRule(rule: ToolRuleRow): Promise<void> {
    this.db
      .prepare(
        `UPDATE tool_rules SET name = @name, effect = @effect, match_path = @match_path, match_args = @match_args,
           agent_ids = @agent_ids, risk_at_least = @risk_at_least, description = @description, enabled = @enabled,
           version = @version, updated_at = @updated_at
         WHERE tenant_id = @tenant_id AND id = @id`,
      )
      .run(ruleColumns(rule));
    this.rulesCache.delete(rule.tenantId);
  }

  async deleteToolRule(tenantId: string, id: string): Promise<boolean> {
    const result = this.db.prepare('DELETE FROM tool_rules WHERE tenant_id = ? AND id = ?').run(tenantId, id);
    this.rulesCache.delete(tenantId);
    return result.changes > 0;
  }

  async upsertTool(tool: ToolRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO tools (tenant_id, tool_name, risk_level, description, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, tool_name) DO UPDATE SET risk_level = excluded.risk_level, description = excluded.description`,
      )
      .run(tool.tenantId, normalizeToolPath(tool.toolName).split('/').pop() ?? '', tool.riskLevel, tool.description, tool.createdAt);
    this.toolRisks.delete(tool.tenantId);
  }

  async listTools(tenantId: string): Promise<ToolRow[]> {
    const rows = this.db.prepare('SELECT * FROM tools WHERE tenant_id = ? ORDER BY tool_name').all(tenantId) as Row[];
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      toolName: row.tool_name,
      riskLevel: row.risk_level,
      description: row.description,
      createdAt: row.created_at,
    }));
  }

  async listAgents(tenantId: string): Promise<AgentRow[]> {
    const rows = this.db.prepare('SELECT * FROM agents WHERE tenant_id = ? ORDER BY last_seen_at DESC').all(tenantId) as Row[];
    return rows.map(agentOf);
  }

  async getAgent(tenantId: string, agentId: string): Promise<AgentRow | null> {
    const row = this.statements.agent.get(tenantId, agentId) as Row | undefined;
    return row ? agentOf(row) : null;
  }

  async setAgentOverride(tenantId: string, agentId: string, override: TrustOverride, reason: string, now: number): Promise<AgentRow> {
    this.db.transaction(() => {
      this.statements.touchAgent.run(tenantId, agentId, now, now);
      // Reinstating also forgives the recent blocked attempts, or the agent would fall straight back.
      const forgive = override === null ? ", recent_blocked = '[]'" : '';
      this.db
        .prepare(`UPDATE agents SET override = ?, override_reason = ?${forgive} WHERE tenant_id = ? AND agent_id = ?`)
        .run(override, reason, tenantId, agentId);
    })();
    // Suspending or revoking an agent stops its calls like a halt: earlier answers leave first.
    await this.earlierAnswersSent();
    return (await this.getAgent(tenantId, agentId))!;
  }

  runDecision(job: DecisionJob): Promise<DecisionRow> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    if (this.failed)
      return Promise.reject(new Error('the store stopped after a failed disk sync; restart the service', { cause: this.failed }));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every queued decision in one transaction, then answers each. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: Array<{ row?: DecisionRow; error?: unknown }> = [];
    // The commit writes the WAL without an fsync; the answers wait for `walSync` (see wal-sync.ts).
    try {
      this.db.pragma('synchronous = NORMAL');
      this.db.transaction(() => {
        for (const pending of batch) {
          const eventMark = this.events.mark();
          try {
            // A savepoint per decision: one that fails rolls back alone.
            outcomes.push({ row: this.db.transaction(() => this.applyDecision(pending.job))() });
          } catch (error) {
            this.events.rollbackTo(eventMark);
            outcomes.push({ error });
          }
        }
      })();
    } catch (error) {
      // The commit itself failed: nothing of the batch is on disk, so nothing may be answered as decided.
      this.events.discard();
      for (const pending of batch) pending.reject(error);
      return;
    } finally {
      // Every other write commits with its own fsync, as before.
      if (this.db.open) this.db.pragma('synchronous = FULL');
    }
    const events = this.events.hold();
    const answer = () => {
      this.events.releaseThrough(events);
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome.row) pending.resolve(outcome.row);
        else pending.reject(outcome.error);
      });
    };
    // INVARIANT: no answer before its commit is on disk. A failed sync answers nothing as decided,
    // and stops the store: after a failed fsync Linux may report the next one clean although the
    // pages it lost were never written, so nothing later could be trusted to be on disk.
    const unsynced = (error: unknown) => {
      this.failed ??= error;
      for (const pending of batch) pending.reject(error);
    };
    if (!this.closed) {
      this.walSync.durable().then(answer, unsynced);
      return;
    }
    // Shutting down: sync on this thread, the process may exit right after.
    try {
      this.walSync.durableNow();
    } catch (error) {
      unsynced(error);
      return;
    }
    answer();
  }

  private applyDecision(job: DecisionJob): DecisionRow {
    const s = this.statements;
    const { tenant, settings } = this.tenantForDecisions(job.tenantId);
    const agentRow = s.agent.get(job.tenantId, job.agentId) as Row | undefined;
    const keyRow = s.keyById.get(job.key.id) as Row;
    const replayedId = job.idempotency ? this.idempotencyKeys.replayOf(job, job.idempotency) : null;
    if (replayedId) {
      // A repeat of the key answers the first decision and changes nothing (no approval consumed twice)
      // unless the tenant was halted or the agent or key stopped since: then an old ALLOWED must not
      // be replayed, and the call is decided afresh.
      const first = decisionOf(s.decision.get(job.tenantId, replayedId) as Row);
      const stopped = tenant.halted !== null || agentRow?.override != null || keyRow.override != null || keyRow.revoked_at != null;
      if (!(stopped && first.verdict.startsWith('ALLOWED'))) return first;
    }
    // The registry is keyed by the tool's canonical name, so `/Tools/Get_Report/` cannot dodge its floor.
    const toolName = normalizeToolPath(job.path).split('/').pop() ?? '';
    const registeredRisk = this.toolRisksOf(job.tenantId).get(toolName);
    const open = s.approvalsForCall.all(job.tenantId, job.agentId, job.path, job.payloadHash, job.now) as Row[];
    const approved = open.find((row) => row.status === 'approved');
    const pending = open.find((row) => row.status === 'pending');
    const state: DecisionState = {
      settings,
      halted: tenant.halted ? { reason: tenant.halted.reason, since: tenant.halted.since } : null,
      agent: trustRecordOf(agentRow),
      key: trustRecordOf(keyRow),
      rules: this.rulesOf(job.tenantId),
      registeredRisk,
      approvedApproval: approved
        ? {
            id: approved.id,
            status: 'approved',
            createdAt: approved.created_at,
            expiresAt: approved.expires_at,
            decidedByKeyId: approved.decided_by_key_id,
            note: approved.note,
          }
        : null,
      pendingApproval: pending ? { id: pending.id, status: 'pending', createdAt: pending.created_at, expiresAt: pending.expires_at } : null,
      budget: keyRow.budget_usd === null ? null : { limitUsd: keyRow.budget_usd, spentUsd: keyRow.spent_usd },
    };
    const { decision, row } = job.compute(state);
    const payloadJson = JSON.stringify(row.payload ?? {});

    const effects = decision.effects;
    if (effects.approval?.kind === 'consume') {
      const result = s.consumeApproval.run(job.now, decision.decisionId, effects.approval.approvalId, job.now);
      // INVARIANT: an approval runs once. The row was read in this transaction, so this cannot miss.
      if (result.changes !== 1) throw new Error(`approval ${effects.approval.approvalId} could not be consumed`);
    } else if (effects.approval?.kind === 'create') {
      const trust = decision.stages.find((stage) => stage.stage === 'trust');
      const risk = (trust?.data.action_risk ?? { class: decision.risk, reasons: [] }) as { class: string; reasons: string[] };
      s.insertApproval.run({
        id: effects.approval.approvalId,
        tenant_id: job.tenantId,
        agent_id: job.agentId,
        path: job.path,
        payload_hash: job.payloadHash,
        requested_by_key_id: job.key.id,
        decision_id: decision.decisionId,
        risk: risk.class,
        reasons: JSON.stringify(risk.reasons),
        detail: decision.detail,
        created_at: job.now,
        expires_at: effects.approval.expiresAt,
      });
    }
    if (effects.trust) {
      // Read above in this same transaction; a new agent's row starts as the empty record.
      const agent = recordOutcome(state.agent, effects.trust, job.now);
      s.saveAgent.run({
        tenant_id: job.tenantId,
        agent_id: job.agentId,
        approved: agent.approved,
        blocked: agent.blocked,
        recent_blocked: JSON.stringify(agent.recentBlockedAt),
        now: job.now,
      });
      const key = recordOutcome(trustRecordOf(keyRow), effects.trust, job.now);
      s.keyRecord.run(key.approved, key.blocked, JSON.stringify(key.recentBlockedAt), job.key.id);
    } else s.touchAgent.run(job.tenantId, job.agentId, job.now, job.now);
    if (effects.spendUsd !== undefined) s.keySpend.run(effects.spendUsd, job.key.id);
    const journalSeq = this.journal.append(row.tenantId, 'decision', row.id, row.createdAt, decisionRecord(row));
    const info = s.insertDecision.run({
      id: row.id,
      tenant_id: row.tenantId,
      agent_id: row.agentId,
      key_id: row.keyId,
      path: row.path,
      payload_hash: Buffer.from(row.payloadHash, 'hex'),
      verdict: row.verdict,
      blocked: row.blocked ? 1 : 0,
      enforcing: row.enforcing ? 1 : 0,
      mode: row.mode,
      risk: row.risk,
      detail: row.detail,
      created_at: row.createdAt,
      signature: Buffer.from(row.signature, 'base64url'),
      signing_key_id: row.signingKeyId,
      approval_id: row.approvalId,
      trace_id: row.traceId ?? null,
      body: encodeDecisionBody(payloadJson, row.stages),
      journal_seq: journalSeq,
    });
    if (job.idempotency && !replayedId) this.idempotencyKeys.remember(job, job.idempotency, row.id);
    // The live events of this decision; flush drops them again if its savepoint rolls back.
    const touched =
      effects.approval && effects.approval.kind !== 'reuse'
        ? approvalStateOf(s.approvalState.get(job.tenantId, effects.approval.approvalId) as Row, job.now)
        : null;
    this.events.appendDecision(row, effects, touched);
    // The tamper-evident journal, in this decision's savepoint: the decision (appended before its row,
    // which names the entry), then what it did to an approval.
    if (touched) {
      const type = effects.approval?.kind === 'consume' ? 'approval.consumed' : 'approval.created';
      this.journal.append(row.tenantId, type, touched.id, job.now, approvalRecord(touched));
    }
    return { ...row, seq: Number(info.lastInsertRowid) };
  }

  async listDecisions(tenantId: string, query: DecisionListQuery): Promise<DecisionRow[]> {
    const where = ['tenant_id = @tenantId'];
    if (query.beforeSeq !== undefined) where.push('seq < @beforeSeq');
    if (query.agentId !== undefined) where.push('agent_id = @agentId');
    if (query.verdict !== undefined) where.push('verdict = @verdict');
    if (query.path !== undefined) where.push('path = @path');
    const sql = `SELECT * FROM decisions WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @limit`;
    // At most 16 shapes of filter: each is prepared once.
    let statement = this.listStatements.get(sql);
    if (!statement) this.listStatements.set(sql, (statement = this.db.prepare(sql)));
    const rows = statement.all({ tenantId, ...query }) as Row[];
    return rows.map(decisionOf);
  }

  /** A decision's journal record and payload as canonical JSON, rebuilt from its row (sqlite-journal.ts). */
  private decisionRecordText(
    tenantId: string,
    id: string,
    format: 'current' | 'with-payload',
  ): { record: string; payload?: string } | null {
    const row = this.statements.decision.get(tenantId, id) as Row | undefined;
    if (!row) return null;
    const decision = decisionOf(row);
    const payload = decision.payload ?? {};
    if (format === 'with-payload') return { record: canonicalJson({ ...decisionRecord(decision), payload }) };
    return { record: canonicalJson(decisionRecord(decision)), payload: canonicalJson(payload) };
  }

  async getDecision(tenantId: string, id: string): Promise<DecisionRow | null> {
    const row = this.statements.decision.get(tenantId, id) as Row | undefined;
    return row ? decisionOf(row) : null;
  }

  async setOutcome(
    tenantId: string,
    id: string,
    outcome: NonNullable<DecisionRow['outcome']>,
  ): Promise<'ok' | 'not_found' | 'already_set'> {
    const result = this.db
      .prepare('UPDATE decisions SET outcome = ?, outcome_detail = ?, outcome_at = ? WHERE tenant_id = ? AND id = ? AND outcome IS NULL')
      .run(outcome.status, outcome.detail, outcome.at, tenantId, id);
    if (result.changes === 1) return 'ok';
    return this.statements.decision.get(tenantId, id) ? 'already_set' : 'not_found';
  }

  async listApprovals(tenantId: string, query: ApprovalListQuery, now: number): Promise<ApprovalRow[]> {
    this.expireDue(tenantId, now);
    const where = ['a.tenant_id = @tenantId'];
    if (query.status !== undefined) where.push('a.status = @status');
    if (query.agentId !== undefined) where.push('a.agent_id = @agentId');
    const sql = `SELECT ${APPROVAL_COLUMNS} WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id LIMIT @limit`;
    const rows = this.db.prepare(sql).all({ tenantId, ...query }) as Row[];
    return rows.map((row) => approvalOf(row, now));
  }

  async expireDueApprovals(now: number): Promise<number> {
    return this.expireDue(null, now);
  }

  /** Marks the approvals whose time ran out (of one tenant, or all) as expired, journaling each. */
  private expireDue(tenantId: string | null, now: number): number {
    return this.db.transaction(() => {
      const s = this.statements;
      const due = (tenantId === null ? s.dueApprovals.all(now) : s.dueApprovalsOf.all(tenantId, now)) as Row[];
      for (const row of due) {
        s.expireApproval.run(row.id);
        this.journal.append(
          row.tenant_id,
          'approval.expired',
          row.id,
          now,
          approvalRecord(approvalStateOf({ ...row, status: 'expired' }, now)),
        );
      }
      return due.length;
    })();
  }

  async getApproval(tenantId: string, id: string, now: number): Promise<ApprovalRow | null> {
    const row = this.statements.approval.get(tenantId, id) as Row | undefined;
    return row ? approvalOf(row, now) : null;
  }

  async decideApproval(
    tenantId: string,
    id: string,
    decision: { approve: boolean; keyId: string; note: string | null; now: number; resendWindowMs: number },
  ): Promise<ApprovalDecisionResult> {
    const run = this.db.transaction((): ApprovalDecisionResult => {
      const row = this.statements.approval.get(tenantId, id) as Row | undefined;
      if (!row) return { ok: false, reason: 'not_found' };
      const current = approvalOf(row, decision.now);
      if (current.requestedByKeyId === decision.keyId) return { ok: false, reason: 'own_request', approval: current };
      if (current.status === 'expired') {
        this.db.prepare(`UPDATE approvals SET status = 'expired' WHERE id = ?`).run(id);
        if (row.status !== 'expired') this.journal.append(tenantId, 'approval.expired', id, decision.now, approvalRecord(current));
        return { ok: false, reason: 'expired', approval: current };
      }
      if (current.status !== 'pending') return { ok: false, reason: 'already_decided', approval: current };
      const status = decision.approve ? 'approved' : 'denied';
      // An approved call may be resent within the resend window from the moment of approval.
      const expiresAt = decision.approve ? decision.now + decision.resendWindowMs : current.expiresAt;
      this.db
        .prepare(
          `UPDATE approvals SET status = ?, decided_at = ?, decided_by_key_id = ?, note = ?, expires_at = ?
           WHERE id = ? AND status = 'pending'`,
        )
        .run(status, decision.now, decision.keyId, decision.note, expiresAt, id);
      if (!decision.approve) {
        // A human denial counts as a blocked attempt, for the agent and for the key that asked.
        const agent = recordOutcome(trustRecordOf(this.statements.agent.get(tenantId, current.agentId) as Row), 'blocked', decision.now);
        this.statements.agentRecord.run(agent.approved, agent.blocked, JSON.stringify(agent.recentBlockedAt), tenantId, current.agentId);
        const keyRow = this.statements.keyById.get(current.requestedByKeyId) as Row | undefined;
        if (keyRow) {
          const key = recordOutcome(trustRecordOf(keyRow), 'blocked', decision.now);
          this.statements.keyRecord.run(key.approved, key.blocked, JSON.stringify(key.recentBlockedAt), current.requestedByKeyId);
        }
      }
      const decided = approvalOf(this.statements.approval.get(tenantId, id) as Row, decision.now);
      this.events.append(tenantId, decision.approve ? 'approval.approved' : 'approval.denied', approvalEventData(decided), decision.now);
      this.journal.append(tenantId, decision.approve ? 'approval.approved' : 'approval.denied', id, decision.now, approvalRecord(decided));
      return { ok: true, approval: decided };
    });
    return this.events.committed(run);
  }

  async listEvents(tenantId: string, afterSeq: number, limit: number): Promise<EventRow[]> {
    return this.events.list(tenantId, afterSeq, limit);
  }

  async lastEventSeq(tenantId: string): Promise<number> {
    return this.events.lastSeq(tenantId);
  }

  onEvents(listener: EventListener): () => void {
    return this.events.listen(listener);
  }

  async createHaltToken(token: HaltTokenRow): Promise<void> {
    this.haltSwitch.createToken(token);
  }

  async halt(tenantId: string, request: HaltRequest): Promise<HaltResult> {
    let result: HaltResult;
    try {
      result = this.haltSwitch.halt(tenantId, request);
    } finally {
      this.tenantsForDecisions.delete(tenantId);
    }
    await this.earlierAnswersSent();
    return result;
  }

  async resume(tenantId: string, request: { keyId: string; operatorId: string | null; now: number }): Promise<boolean> {
    let resumed: boolean;
    try {
      resumed = this.haltSwitch.resume(tenantId, request);
    } finally {
      this.tenantsForDecisions.delete(tenantId);
    }
    await this.earlierAnswersSent();
    return resumed;
  }

  async addTraceEvent(event: TraceEventRow): Promise<void> {
    this.traces.add(event);
  }

  async getTrace(tenantId: string, traceId: string, limit: number): Promise<{ decisions: DecisionRow[]; events: TraceEventRow[] }> {
    const found = this.traces.get(tenantId, traceId, limit);
    return { decisions: found.decisions.map(decisionOf), events: found.events };
  }

  async listTraces(tenantId: string, limit: number): Promise<TraceSummary[]> {
    return this.traces.list(tenantId, limit);
  }

  async seedTrustRecord(
    tenantId: string,
    target: { agentId?: string; keyId?: string },
    counts: { approved: number; blocked: number },
    now: number,
  ): Promise<void> {
    this.demoTenants.seedTrustRecord(tenantId, target, counts, now);
  }

  async deleteTenant(tenantId: string): Promise<void> {
    this.demoTenants.deleteTenant(tenantId);
    this.rulesCache.delete(tenantId);
    this.tenantsForDecisions.delete(tenantId);
    this.toolRisks.delete(tenantId);
    this.keysByHash.clear();
  }

  async staleTenantIds(idPrefix: string, createdBefore: number, limit: number): Promise<string[]> {
    return this.demoTenants.staleTenantIds(idPrefix, createdBefore, limit);
  }
}

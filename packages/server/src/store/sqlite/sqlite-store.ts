// The embedded store: SQLite through better-sqlite3 in WAL mode with synchronous=FULL, so a
// decision is on disk before its answer leaves. Decisions that arrive in one turn of the event
// loop share one transaction (group commit): one fsync for all of them, each answered after it.
import Database from 'better-sqlite3';
// Issue 18: the vault and the tenant's enforcement state, each in its own module over this database.
import { ApiError } from '../../errors.ts';
import { SqliteCredentials } from './sqlite-credentials.ts';
import { SqlitePosture } from './sqlite-posture.ts';
import { SqliteCluster } from './sqlite-cluster.ts';
import { join } from 'node:path';
import {
  canonicalJson,
  normalizeToolPath,
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
import { IdempotencyKeys } from './idempotency.ts';
import { SqliteDemoTenants } from './sqlite-demo-tenants.ts';
import { MIGRATIONS } from './schema.ts';
import { approvalRecord, decisionRecord } from '../../journal/journal-records.ts';
import { expiredApproval, planApprovalAnswer } from '../approval-transition.ts';
import { DecisionCaches, type CacheInvalidation, type DecidingTenant } from '../cached-store.ts';
import {
  decisionStateOf,
  planDecisionWrites,
  registeredToolName,
  replaysFirstDecision,
  type DecisionReads,
  type DecisionWrite,
} from '../decision-transaction.ts';
import {
  agentOf,
  APPROVAL_COLUMNS,
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
import { SqliteJournal } from './sqlite-journal.ts';
import { approvalEventData, SqliteEventLog } from './sqlite-events.ts';
import { SqliteHalt } from './sqlite-halt.ts';
import { SqliteApprovalCounts } from './sqlite-approval-counts.ts';
import { SqliteIdentities } from './sqlite-identities.ts'; // issue 20
import { SqliteEdges } from './sqlite-edges.ts'; // issue 20
import { SqliteTraces } from './sqlite-traces.ts';
import { SqliteWebhooks } from './sqlite-webhooks.ts';
import { SqliteGovernance } from './sqlite-governance.ts';
import { SqliteTrajectories } from './sqlite-trajectories.ts';
import { SqlitePlans } from './sqlite-plans.ts'; // issue 21 item 4
import { SqliteCompliance } from './sqlite-compliance.ts';
import { SqliteBudgets } from './sqlite-budgets.ts'; // issue 19
import { WalSync } from './wal-sync.ts';
import { DatabaseFileSync, reportCheckpoint } from './wal-checkpoint.ts';
import { guardWrites } from './write-guard.ts';
import { DecisionPeriods } from './decision-periods.ts';
import { DecisionSeq } from './decision-seq.ts';
import { DecisionRows } from './decision-rows.ts';
import { AgentChainStart, agentListSql } from './agent-chain.ts';
import { DECISION_INSERT_COLUMNS, decisionInsertValues } from '../decision-insert.ts';
import type { EventListener, EventRow, EventType } from '../event-store.ts';
import type { HaltRequest, HaltResult, HaltTokenRow } from '../halt-store.ts';
import type { TraceEventRow, TraceSummary } from '../trace-store.ts';
// Issue 23: storage faults, file identity and the data directory live in their own files.
import { DATABASE_FILE, markDataDir, openDataDir, type DataDirReport } from './data-dir.ts';
import { FileIdentityWatch } from './file-identity-watch.ts';
import { applyFaultSafePragmas, StorageHealth, StorageMonitor } from './storage-health.ts';
import type { StorageFault, StorageFaultListener } from '../storage-status.ts';
import { resultFlaggedEvent, storedResultScreen } from '../outcome-rows.ts';
import { recentBlockedText } from '../recent-blocked.ts';

interface PendingJob {
  job: DecisionJob;
  resolve(row: DecisionRow): void;
  reject(error: unknown): void;
}

export interface SqliteStoreOptions {
  /** Directory holding `actiongate.db`; `:memory:` for a throwaway database. */
  dataDir: string;
  /** Append decisions and approval events to the tamper-evident journal (default true; off only to measure its cost). */
  journal?: boolean;
  /** How often the storage monitor checks the files and probes a fault (ms, default 1000; issue 23). */
  storageCheckMs?: number;
}

/**
 * WAL pages between two checkpoints of `copyCheckpoint` (wal-checkpoint.ts): twice SQLite's default,
 * so half as many checkpoints, with the WAL still under ~8 MB.
 */
const DECISION_CHECKPOINT_PAGES = 2000;
/**
 * Issue 15: SQLite's own automatic checkpoint, on every commit, only past this many WAL pages: the
 * bound if the store's checkpoints fall behind or fail (it then runs inside a commit, blocking, as
 * SQLite's always did), and what checkpoints a database written only outside decisions.
 */
export const WAL_BOUND_PAGES = 2 * DECISION_CHECKPOINT_PAGES;

/**
 * The settings a group commit switches, as statements prepared once (`db.pragma()` prepares its
 * statement on every call; these run several times per batch).
 */
function commitPragmas(db: Database.Database) {
  // A PRAGMA applies its setting when compiled: at `prepare`, then at each run after the first (each run
  // expires it, so the next recompiles). The first run of a fresh one does nothing: each runs once here,
  // and the connection is put back to FULL below.
  const statement = (sql: string) => {
    const prepared = db.prepare(sql);
    const run = () => void (prepared.reader ? prepared.all() : prepared.run());
    run();
    return run;
  };
  const normal = statement('PRAGMA synchronous = NORMAL');
  const full = statement('PRAGMA synchronous = FULL');
  const off = statement('PRAGMA synchronous = OFF');
  const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const pragmas = {
    /** A decision batch: no fsync in the commit (wal-sync.ts). */
    batchCommit: normal,
    /** Every other write: its own fsync, as before. */
    otherCommits: full,
    /**
     * Issue 15: the checkpoint's copy only, no fsync (wal-checkpoint.ts); returns the WAL's size in
     * pages, all copied (the only connection: nothing holds a frame back).
     */
    copyCheckpoint: () => (off(), (passive.get() as { log: number }).log),
  };
  full();
  return pragmas;
}

function seconds(from: bigint, to: bigint): number {
  return Number(to - from) / 1e9;
}

function secondsSince(from: bigint): number {
  return seconds(from, process.hrtime.bigint());
}

export class SqliteStore implements Store {
  readonly db: Database.Database;
  private queue: PendingJob[] = [];
  private flushScheduled = false;
  /**
   * Issue 15: decisions committed since the last checkpoint, how many make a checkpoint due (learnt
   * from the WAL pages the last ones wrote: ~15 for a lone decision, a few in a busy batch; kept
   * within 20–400, so a wrong guess leaves at most one long WAL), and whether one is scheduled.
   */
  private decisionsSinceCheckpoint = 0;
  private decisionsPerCheckpoint = 100;
  /**
   * Issue 15: commits without their own fsync so far (decision batches, synced writes): a checkpoint
   * copies only in the answer of the latest one, whose WAL sync covers every frame (wal-checkpoint.ts).
   */
  private unsyncedCommits = 0;
  /** Set from a checkpoint being due until its database-file sync is done: decisions and synced writes wait. */
  private held = false;
  private heldWaiters: Array<() => void> = [];
  /** The checkpoint under way (its copy scheduled or its database-file sync running). */
  private checkpointRunning: Promise<void> | null = null;
  /** Pages copied into the database file that are not yet known to be on disk: no write may restart the WAL. */
  private databaseSyncPending = false;
  /** A failed sync of the database file after a copy: nothing may write again (the WAL holds what it may have lost). */
  private databaseSyncFailed: unknown = null;
  /** An in-memory database has no WAL to checkpoint. */
  private readonly inMemory: boolean;
  private closed = false;
  /** The caches that decide (cached-store.ts); every change below drops what it touched. */
  private readonly caches = new DecisionCaches();
  /** Where this store reports its own changes to the caches. */
  protected readonly invalidation: CacheInvalidation = this.caches;
  private statements: ReturnType<SqliteStore['prepare']>;
  private pragmas: ReturnType<typeof commitPragmas>;
  private transactions: ReturnType<SqliteStore['transactionsOf']>;
  /** Whether the decision being applied has begun its writes (commitBatch). */
  private decisionWriting = false;
  /** Set when a batch without savepoints must run again with them (commitBatch). */
  private batchWantsSavepoints = false;
  private events: SqliteEventLog;
  private haltSwitch: SqliteHalt;
  private traces: SqliteTraces;
  private idempotencyKeys: IdempotencyKeys;
  private demoTenants: SqliteDemoTenants;
  private approvalCounts: SqliteApprovalCounts;
  /** Issue 15: the seq floor per 5-minute period that the per-agent counts start from. */
  private decisionPeriods: DecisionPeriods;
  /** Issue 15: the next decision's seq (AUTOINCREMENT's meaning without its per-commit page). */
  private decisionSeq: DecisionSeq;
  /** Issue 15: where a walk of an agent's decisions starts (agent-chain.ts). */
  private agentChainStart: AgentChainStart;
  /** Issue 15: the key's and agent's rows decisions read, kept while nothing else writes (decision-rows.ts). */
  private decisionRows: DecisionRows;
  readonly journal: SqliteJournal;
  readonly webhooks: SqliteWebhooks;
  readonly governance: SqliteGovernance; // issue 21
  readonly trajectories: SqliteTrajectories; // issue 21
  readonly plans: SqlitePlans; // issue 21 item 4
  // Issue 18: credentials (sealed secrets) and posture (egress rules, containment, closure).
  readonly credentials: SqliteCredentials;
  readonly posture: SqlitePosture;
  readonly cluster: SqliteCluster; // issue 14
  readonly compliance: SqliteCompliance;
  /** Issue 20: identities, challenges, agent tokens and delegations. */
  readonly identities: SqliteIdentities;
  readonly edges: SqliteEdges; // issue 20
  /** Issue 19: budgets, reservations and agent controls. */
  readonly budgets: SqliteBudgets;
  private listStatements = new Map<string, Database.Statement>();
  /** The error of a failed WAL sync: from then on the store refuses decisions and reports unhealthy. */
  private failed: unknown = null;
  /** Protected so a test can make the disk fail. */
  protected walSync: WalSync;
  /** Issue 15: the database file's sync after a checkpoint's copy; protected so a test can make the disk fail. */
  protected databaseSync: DatabaseFileSync;
  /** Issue 23: the storage fault, if any, and what watches for one (null for an in-memory database). */
  readonly health = new StorageHealth();
  private monitor: StorageMonitor | null = null;
  private identity: FileIdentityWatch | null = null;
  /** How the data directory was found at start (null in memory): main.ts prints its banner and warnings. */
  readonly dataDirReport: DataDirReport | null = null;

  constructor(options: SqliteStoreOptions) {
    let file = ':memory:';
    this.inMemory = options.dataDir === ':memory:';
    if (!this.inMemory) {
      this.dataDirReport = openDataDir(options.dataDir);
      file = join(options.dataDir, DATABASE_FILE);
    }
    this.db = new Database(file);
    applyFaultSafePragmas(this.db); // issue 23: no -shm mapping, so a disk fault cannot SIGBUS the process
    this.walSync = new WalSync(file === ':memory:' ? null : `${file}-wal`);
    this.databaseSync = new DatabaseFileSync(file === ':memory:' ? null : file);
    // Issue 15: before every write outside the held paths, while a checkpoint's database-file sync runs.
    guardWrites(this.db, () => this.beforeUnheldWrite());
    // Group commit relies on WAL (wal-sync.ts); a file system without it must stop us, not degrade us.
    const mode = this.db.pragma('journal_mode = WAL', { simple: true });
    if (file !== ':memory:' && mode !== 'wal') throw new Error(`SQLite could not use WAL mode here (journal_mode is ${String(mode)})`);
    this.db.pragma('synchronous = FULL');
    // Issue 15: a decision's savepoint journals every page it touches; in a temp file that was ~30
    // writes per decision. Kept in memory: it serves rollback only, never durability.
    this.db.pragma('temp_store = MEMORY');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    // Issue 15: the store checkpoints off the event loop's fsyncs (copyCheckpoint); SQLite's own only as the bound.
    this.db.pragma(`wal_autocheckpoint = ${WAL_BOUND_PAGES}`);
    this.statements = this.prepare();
    this.pragmas = commitPragmas(this.db);
    this.transactions = this.transactionsOf();
    this.events = new SqliteEventLog(this.db, (tenantId, id) => {
      const row = this.statements.decisionEventFields.get(tenantId, id) as Row | undefined;
      return row ? decisionEventFieldsOf(row) : null;
    });
    this.haltSwitch = new SqliteHalt(this.db, this.events);
    this.traces = new SqliteTraces(this.db);
    this.idempotencyKeys = new IdempotencyKeys(this.db);
    this.demoTenants = new SqliteDemoTenants(this.db);
    this.approvalCounts = new SqliteApprovalCounts(this.db);
    this.decisionPeriods = new DecisionPeriods(this.db);
    this.decisionSeq = new DecisionSeq(this.db);
    this.agentChainStart = new AgentChainStart(this.db);
    this.decisionRows = new DecisionRows(this.db);
    this.webhooks = new SqliteWebhooks(this.db);
    this.credentials = new SqliteCredentials(this.db); // issue 18
    this.posture = new SqlitePosture(this.db); // issue 18
    this.cluster = new SqliteCluster(this.db); // issue 14
    this.compliance = new SqliteCompliance(this.db);
    this.identities = new SqliteIdentities(this.db); // issue 20
    this.edges = new SqliteEdges(this.db); // issue 20
    this.budgets = new SqliteBudgets(this.db, this.events); // issue 19
    this.journal = new SqliteJournal(
      this.db,
      (tenantId, id, format) => this.decisionRecordText(tenantId, id, format),
      options.journal ?? true,
      (write) => this.syncedWrite(write),
    );
    this.governance = new SqliteGovernance(this.db, this.journal, this.events); // issue 21
    this.trajectories = new SqliteTrajectories(this.db); // issue 21
    this.plans = new SqlitePlans(this.db); // issue 21 item 4
    // Issue 23: watch the files SQLite opened; mark the directory as holding a store.
    if (file !== ':memory:') {
      this.identity = new FileIdentityWatch([options.dataDir, file], [`${file}-wal`], options.dataDir);
      this.monitor = new StorageMonitor({
        health: this.health,
        identity: this.identity,
        db: this.db,
        intervalMs: options.storageCheckMs,
        // Issue 15: a healthy store's probe commits as a decision batch and waits for its sync on the pool.
        syncedWrite: (write) => this.syncedWrite(write),
      });
      markDataDir(options.dataDir, Date.now());
    }
  }

  /** Issue 23: the store's storage fault (StorageStatus). */
  storageFault(): StorageFault | null {
    return this.health.fault;
  }

  onStorageFault(listener: StorageFaultListener): () => void {
    return this.health.listen(listener);
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    for (let i = version; i < MIGRATIONS.length; i++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[i]);
        this.db.pragma(`user_version = ${i + 1}`);
      })();
    }
    // A migration that rebuilds a table (issue 15: `decisions`) leaves a WAL file as large as the table;
    // SQLite reuses a WAL file but never shrinks it. Copied into the database and cut back once, here.
    if (version > 0 && version < MIGRATIONS.length) this.db.pragma('wal_checkpoint(TRUNCATE)');
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
      // Issue 15: a decision's agent writes, each also naming the agent's latest decision (agent-chain.ts);
      // a plain UPDATE when the decision read the agent's row (no insert tried first, as an upsert does).
      // Bound by position: by name, better-sqlite3 looks each parameter's name up in the object per call.
      decisionAgentNew: db.prepare(
        `INSERT INTO agents (tenant_id, agent_id, approved, blocked, recent_blocked, created_at, last_seen_at, last_decision_seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, agent_id) DO UPDATE SET approved = excluded.approved, blocked = excluded.blocked,
           recent_blocked = excluded.recent_blocked, last_seen_at = excluded.last_seen_at, last_decision_seq = excluded.last_decision_seq`,
      ),
      decisionAgentSave: db.prepare(
        `UPDATE agents SET approved = ?, blocked = ?, recent_blocked = ?, last_seen_at = ?, last_decision_seq = ?
         WHERE tenant_id = ? AND agent_id = ?`,
      ),
      decisionAgentTouch: db.prepare('UPDATE agents SET last_seen_at = ?, last_decision_seq = ? WHERE tenant_id = ? AND agent_id = ?'),
      keyRecord: db.prepare('UPDATE keys SET approved = ?, blocked = ?, recent_blocked = ? WHERE id = ?'),
      keySpend: db.prepare('UPDATE keys SET spent_usd = spent_usd + ? WHERE id = ?'),
      tools: db.prepare('SELECT tool_name, risk_level FROM tools WHERE tenant_id = ?'),
      // Pinned to the call's index: the planner may otherwise pick approvals_by_expiry and scan every
      // pending approval of every tenant on each decision (measured: 665 µs at 10,000 pending).
      // Issue 15: whether an agent holds any approval a call to a path could find open (decision-rows.ts).
      holdsApprovals: db
        .prepare(
          `SELECT 1 FROM approvals INDEXED BY approvals_by_call
           WHERE tenant_id = ? AND agent_id = ? AND path = ? AND status IN ('approved', 'pending') LIMIT 1`,
        )
        .pluck(),
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
        `INSERT INTO decisions (seq, agent_prev_seq, ${DECISION_INSERT_COLUMNS}) VALUES (?, ?, ${DECISION_INSERT_COLUMNS.split(',')
          .map(() => '?')
          .join(', ')})`,
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
    this.monitor?.stop();
    this.identity?.close();
    // Issue 15: a checkpoint's database-file sync ends before anything commits again (wal-checkpoint.ts).
    await this.checkpointRunning?.catch(() => {});
    this.release();
    try {
      this.flush();
      await this.walSync.durable();
    } finally {
      // After a failed sync of the database file, SQLite's close would find the WAL checkpointed and
      // delete it, with the pages the database file may have lost: left open, the WAL stays for the
      // next start to recover from.
      if (this.databaseSyncFailed === null) this.db.close();
      this.walSync.close();
      this.databaseSync.close();
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
    this.invalidation.invalidate({ kind: 'tenant', tenantId });
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
    const cached = this.caches.key(keyHash);
    if (cached) return cached;
    const row = this.statements.keyByHash.get(keyHash) as Row | undefined;
    return row ? this.caches.rememberKey(keyOf(row)) : null;
  }

  /** The cache above is dropped at once on revocation: the same answer as for any route. */
  findKeyForDecision(keyHash: string): Promise<KeyRow | null> {
    return this.findKeyByHash(keyHash);
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
    if (row) this.invalidation.invalidate({ kind: 'keys', keyHash: row.key_hash });
    await this.earlierAnswersSent();
    return row ? keyOf(row) : null;
  }

  async createToolRule(rule: ToolRuleRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO tool_rules (id, tenant_id, name, effect, match_path, match_args, agent_ids, risk_at_least, min_distinct_approvers, description, enabled,
           version, created_at, updated_at)
         VALUES (@id, @tenant_id, @name, @effect, @match_path, @match_args, @agent_ids, @risk_at_least, @min_distinct_approvers, @description, @enabled,
           @version, @created_at, @updated_at)`,
      )
      .run(ruleColumns(rule));
    this.invalidation.invalidate({ kind: 'rules', tenantId: rule.tenantId });
  }

  private tenantForDecisions(tenantId: string): DecidingTenant {
    return this.caches.tenant(tenantId) ?? this.caches.rememberTenant(tenantOf(this.statements.tenant.get(tenantId) as Row));
  }

  private toolRisksOf(tenantId: string): Map<string, RiskClass> {
    const cached = this.caches.tools(tenantId);
    if (cached) return cached;
    const rows = this.statements.tools.all(tenantId) as Row[];
    return this.caches.rememberTools(
      tenantId,
      rows.map((row) => [row.tool_name as string, row.risk_level as RiskClass]),
    );
  }

  async listToolRules(tenantId: string): Promise<ToolRuleRow[]> {
    return this.rulesOf(tenantId);
  }

  private rulesOf(tenantId: string): ToolRuleRow[] {
    const cached = this.caches.toolRules(tenantId);
    if (cached) return cached;
    const rows = this.db.prepare('SELECT * FROM tool_rules WHERE tenant_id = ? ORDER BY created_at, id').all(tenantId) as Row[];
    return this.caches.rememberToolRules(tenantId, rows.map(ruleOf));
  }

  async getToolRule(tenantId: string, id: string): Promise<ToolRuleRow | null> {
    const row = this.db.prepare('SELECT * FROM tool_rules WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return row ? ruleOf(row) : null;
  }

  async updateToolRule(rule: ToolRuleRow): Promise<void> {
    this.db
      .prepare(
        `UPDATE tool_rules SET name = @name, effect = @effect, match_path = @match_path, match_args = @match_args,
           agent_ids = @agent_ids, risk_at_least = @risk_at_least, min_distinct_approvers = @min_distinct_approvers, description = @description, enabled = @enabled,
           version = @version, updated_at = @updated_at
         WHERE tenant_id = @tenant_id AND id = @id`,
      )
      .run(ruleColumns(rule));
    this.invalidation.invalidate({ kind: 'rules', tenantId: rule.tenantId });
  }

  async deleteToolRule(tenantId: string, id: string): Promise<boolean> {
    const result = this.db.prepare('DELETE FROM tool_rules WHERE tenant_id = ? AND id = ?').run(tenantId, id);
    this.invalidation.invalidate({ kind: 'rules', tenantId });
    return result.changes > 0;
  }

  async replaceToolRules(tenantId: string, plan: ToolRuleSetWrites): Promise<boolean> {
    const applied = this.db.transaction((): boolean => {
      for (const { id, expectedVersion } of plan.delete) {
        if (
          this.db.prepare('DELETE FROM tool_rules WHERE tenant_id = ? AND id = ? AND version = ?').run(tenantId, id, expectedVersion)
            .changes !== 1
        )
          throw new StaleRuleSet();
      }
      for (const { rule, expectedVersion } of plan.update) {
        const changed = this.db
          .prepare(
            `UPDATE tool_rules SET name = @name, effect = @effect, match_path = @match_path, match_args = @match_args,
               agent_ids = @agent_ids, risk_at_least = @risk_at_least, min_distinct_approvers = @min_distinct_approvers, description = @description, enabled = @enabled,
               version = @version, updated_at = @updated_at
             WHERE tenant_id = @tenant_id AND id = @id AND version = @expected_version`,
          )
          .run({ ...ruleColumns(rule), expected_version: expectedVersion }).changes;
        if (changed !== 1) throw new StaleRuleSet();
      }
      for (const rule of plan.create) {
        this.db
          .prepare(
            `INSERT INTO tool_rules (id, tenant_id, name, effect, match_path, match_args, agent_ids, risk_at_least, min_distinct_approvers, description, enabled,
               version, created_at, updated_at)
             VALUES (@id, @tenant_id, @name, @effect, @match_path, @match_args, @agent_ids, @risk_at_least, @min_distinct_approvers, @description, @enabled,
               @version, @created_at, @updated_at)`,
          )
          .run(ruleColumns(rule));
      }
      return true;
    });
    try {
      applied();
    } catch (error) {
      if (error instanceof StaleRuleSet) return false;
      throw error;
    } finally {
      this.invalidation.invalidate({ kind: 'rules', tenantId });
    }
    return true;
  }

  async upsertTool(tool: ToolRow): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO tools (tenant_id, tool_name, risk_level, description, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, tool_name) DO UPDATE SET risk_level = excluded.risk_level, description = excluded.description`,
      )
      .run(tool.tenantId, normalizeToolPath(tool.toolName).split('/').pop() ?? '', tool.riskLevel, tool.description, tool.createdAt);
    this.invalidation.invalidate({ kind: 'tools', tenantId: tool.tenantId });
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
      // Reinstating forgives the blocked attempts so far (reinstateRecord), on the agent and on the
      // agent keys bound to it, so the agent gets back the state its approved record earns.
      const forgive = override === null ? ", recent_blocked = '[]', forgiven_blocked = blocked" : '';
      this.db
        .prepare(`UPDATE agents SET override = ?, override_reason = ?${forgive} WHERE tenant_id = ? AND agent_id = ?`)
        .run(override, reason, tenantId, agentId);
      if (override === null) {
        this.db
          .prepare(
            `UPDATE keys SET forgiven_blocked = blocked WHERE tenant_id = ? AND kind = 'agent' AND agent_id = ? AND revoked_at IS NULL`,
          )
          .run(tenantId, agentId);
      }
    })();
    // Suspending or revoking an agent stops its calls like a halt: earlier answers leave first.
    await this.earlierAnswersSent();
    return (await this.getAgent(tenantId, agentId))!;
  }

  runDecision(job: DecisionJob): Promise<DecisionRow> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    if (this.health.fault) return Promise.reject(this.health.unavailable()); // issue 23: fail closed, 503
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

  /**
   * The transactions of a group commit, made once: `db.transaction()` builds four wrappers each
   * call (issue 15: ~1.7% of the CPU per decision when made per batch and per savepoint).
   */
  private transactionsOf() {
    // Inside the batch's transaction this runs as a savepoint: a decision that fails rolls back alone.
    const inSavepoint = this.db.transaction((job: DecisionJob) => this.applyDecision(job));
    const batch = this.db.transaction(
      (batch: PendingJob[], outcomes: Array<{ row?: DecisionRow; error?: unknown }>, savepoints: boolean) => {
        // Nothing but these decisions writes while the batch's transaction runs: one check before, one mark after.
        // Issue 15: the journal's and the events' tips of the last batch hold only if nothing else wrote since.
        if (!this.decisionRows.begin()) {
          this.journal.forgetBatchTips();
          this.events.forgetBatchTips();
        }
        for (const pending of batch) {
          const eventMark = this.events.mark();
          try {
            outcomes.push({ row: savepoints ? inSavepoint(pending.job) : this.applyDecision(pending.job) });
          } catch (error) {
            // The rows kept may hold what the savepoint (or the transaction) takes back.
            this.decisionRows.clear();
            // A batch of one needs no savepoint: its failure rolls back the whole transaction, which
            // holds nothing else. Without savepoints, a decision that failed after its first write
            // left those writes in the transaction: it all rolls back, and flush decides the batch
            // again with a savepoint each. One that failed before writing left nothing to undo.
            if (batch.length === 1) throw error;
            if (!savepoints && this.decisionWriting) {
              this.batchWantsSavepoints = true;
              throw error;
            }
            this.events.rollbackTo(eventMark);
            this.journal.forgetBatchTips();
            this.health.noteError(error); // issue 23: a full or failing disk is a fault, not a bad request
            outcomes.push({ error });
          }
        }
        this.decisionRows.settle();
      },
    );
    const reads = this.db.transaction((job: Parameters<SqliteStore['decisionReads']>[0]) => this.decisionReads(job));
    return { batch, reads };
  }

  /** Commits every queued decision in one transaction, then answers each. */
  private flush(): void {
    this.flushScheduled = false;
    // Issue 15: a checkpoint is due or its database-file sync runs: the batch waits (`release` flushes).
    if (this.held) return;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const stopped = this.failed ?? this.databaseSyncFailed;
    if (stopped) {
      const error = new Error('the store stopped after a failed disk sync; restart the service', { cause: stopped });
      for (const pending of batch) pending.reject(error);
      return;
    }
    const outcomes: Array<{ row?: DecisionRow; error?: unknown }> = [];
    // The commit writes the WAL without an fsync; the answers wait for `walSync` (see wal-sync.ts).
    // Issue 15: no checkpoint inside this commit below WAL_BOUND_PAGES; `checkpointIfDue` runs it in the answer.
    let synced: Promise<void> | null = null;
    let commit = 0;
    try {
      this.pragmas.batchCommit();
      this.commitBatch(batch, outcomes);
      commit = ++this.unsyncedCommits;
      // Issue 15: the sync starts as soon as the commit is written; the pragmas below write nothing.
      if (!this.closed) synced = this.walSync.durable();
    } catch (error) {
      // The commit itself failed (or the decision of a batch of one): nothing of the batch is on disk,
      // so nothing may be answered as decided.
      this.events.discard();
      this.decisionRows.clear();
      this.health.noteError(error); // issue 23
      for (const pending of batch) pending.reject(error);
      return;
    } finally {
      // Every other write commits with its own fsync, as before.
      if (this.db.open) {
        this.pragmas.otherCommits();
      }
    }
    for (const outcome of outcomes) if (outcome.row) this.decisionPeriods.rememberCommitted(outcome.row.createdAt);
    this.decisionsSinceCheckpoint += batch.length;
    const events = this.events.hold();
    const answer = () => {
      // Issue 23: a commit into files deleted or replaced since is not durable; answer nothing as decided.
      if (!this.filesStillNamed()) {
        for (const pending of batch) pending.reject(this.health.unavailable());
        this.release(); // issue 15: no checkpoint into those files; held decisions are refused (runDecision)
        return;
      }
      this.events.releaseThrough(events);
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome.row) pending.resolve(outcome.row);
        else pending.reject(outcome.error);
      });
      this.checkpointIfDue(commit);
    };
    // INVARIANT: no answer before its commit is on disk. A failed sync answers nothing as decided,
    // and stops the store: after a failed fsync Linux may report the next one clean although the
    // pages it lost were never written, so nothing later could be trusted to be on disk.
    const unsynced = (error: unknown) => {
      this.syncFailed(error);
      for (const pending of batch) pending.reject(error);
    };
    if (synced) {
      synced.then(answer, unsynced);
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

  /** A WAL sync failed: the store stops (see the INVARIANT in `flush`). */
  private syncFailed(error: unknown): void {
    this.failed ??= error;
    this.health.report('sync_failed', `an fsync of the write-ahead log failed (${(error as Error).message}); restart the service`, true);
    // Held decisions are answered with the error (flush).
    this.release();
  }

  /**
   * Issue 15: a write (outside decisions) whose caller can wait for its fsync: committed as a decision
   * batch is (no fsync and no checkpoint inside the commit), resolved once the WAL sync that starts
   * after it is done, on the thread pool. Same durability for the caller as a commit with its own fsync:
   * it resolves only once the write is on disk, and a crash before that loses it with everything after
   * it in the WAL. Used for the journal's tree head, written every second while decisions come; its
   * fsync on the event loop held every request that arrived meanwhile.
   */
  private syncedWrite(write: () => void): Promise<void> {
    // Closing (or closed): with its own fsync, as every other write.
    if (this.closed || !this.db.open) return (write(), Promise.resolve());
    // Issue 15: while a checkpoint is due or its database-file sync runs, after it (as decisions).
    if (this.held) return this.released().then(() => this.syncedWrite(write));
    const stopped = this.failed ?? this.databaseSyncFailed;
    if (stopped) throw new Error('the store stopped after a failed disk sync; restart the service', { cause: stopped });
    try {
      this.pragmas.batchCommit();
      write();
    } finally {
      if (this.db.open) this.pragmas.otherCommits();
    }
    const commit = ++this.unsyncedCommits;
    return this.walSync.durable().then(
      () => this.checkpointIfDue(commit),
      (error) => {
        this.syncFailed(error);
        throw error;
      },
    );
  }

  /**
   * Issue 23: whether the database files are still the files their paths name (no monitor: in
   * memory). Issue 15: in one stat of the data directory while nothing in it changed since the last
   * full check passed (a lone decision's answer waited for 6).
   */
  private filesStillNamed(): boolean {
    return !this.monitor || this.monitor.confirmIdentity();
  }

  /**
   * Issue 15: a batch's decisions run without a savepoint each (two statements per decision). When
   * one fails after writing, the whole transaction rolls back (nothing of it was answered) and the
   * batch runs again with savepoints, so that decision fails alone; the others are decided again,
   * in the same order from the same reads (same ids and times). Rare: a decision fails after its
   * reads only when the disk or an invariant does.
   */
  private commitBatch(batch: PendingJob[], outcomes: Array<{ row?: DecisionRow; error?: unknown }>): void {
    this.batchWantsSavepoints = false;
    try {
      this.journal.inBatch(() => this.events.inBatch(() => this.transactions.batch(batch, outcomes, false)));
      return;
    } catch (error) {
      if (!this.batchWantsSavepoints) throw error;
    }
    this.events.discard();
    outcomes.length = 0;
    this.journal.inBatch(() => this.events.inBatch(() => this.transactions.batch(batch, outcomes, true)));
  }

  /**
   * Issue 15: a checkpoint, once enough decisions were committed since the last (wal-checkpoint.ts),
   * called in the answer of every unsynced commit (`commit`: its number). Once due, nothing commits
   * unsynced until it is done (`held`), so the answer of the latest commit comes and finds the whole
   * WAL on disk: that answer copies. The WAL stays bounded under any load: the hold is the back-pressure.
   */
  private checkpointIfDue(commit: number): void {
    if (this.decisionsSinceCheckpoint < this.decisionsPerCheckpoint || this.checkpointRunning) return;
    if (this.inMemory || this.closed || this.failed || this.databaseSyncFailed || !this.db.open) return;
    this.held = true;
    // A later commit's WAL sync may not have begun yet: its own answer will copy.
    if (commit !== this.unsyncedCommits) return;
    // After the answers were written (their continuations run before this).
    this.checkpointRunning = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.copyCheckpoint());
  }

  /**
   * Issue 15: the checkpoint's copy with no fsync (`synchronous=OFF`), then the database file's sync on
   * the thread pool; every WAL frame is on disk already (checkpointIfDue). SQLite's own order (WAL
   * synced, pages copied, database file synced, then the WAL restarted) is kept: the restart comes with
   * the next commit, which waits until the sync is done. Durability is unchanged.
   */
  private async copyCheckpoint(): Promise<void> {
    try {
      if (this.closed || this.failed || !this.db.open) return;
      const began = process.hrtime.bigint();
      let pages: number;
      try {
        pages = this.pragmas.copyCheckpoint();
      } catch (error) {
        // The WAL keeps every frame; nothing is lost. Retried after as many decisions again (and SQLite's
        // own checkpoint bounds the WAL meanwhile).
        this.decisionsSinceCheckpoint = 0;
        this.health.noteError(error);
        reportCheckpoint({ pages: 0, copySeconds: secondsSince(began), syncSeconds: 0, failed: 'copy' });
        return;
      } finally {
        if (this.db.open) this.pragmas.otherCommits();
      }
      const copied = process.hrtime.bigint();
      this.databaseSyncPending = true;
      try {
        await this.databaseSync.durable();
      } catch (error) {
        this.databaseSyncFailed ??= error;
        this.health.report(
          'sync_failed',
          `an fsync of the database file after a checkpoint failed (${(error as Error).message}); restart the service`,
          true,
        );
        reportCheckpoint({ pages, copySeconds: seconds(began, copied), syncSeconds: secondsSince(copied), failed: 'sync' });
        return;
      } finally {
        this.databaseSyncPending = false;
      }
      if (pages > 0)
        this.decisionsPerCheckpoint = Math.min(
          400,
          Math.max(20, Math.round((DECISION_CHECKPOINT_PAGES * this.decisionsSinceCheckpoint) / pages)),
        );
      this.decisionsSinceCheckpoint = 0;
      reportCheckpoint({ pages, copySeconds: seconds(began, copied), syncSeconds: secondsSince(copied), failed: null });
    } finally {
      this.checkpointRunning = null;
      this.release();
    }
  }

  /** Issue 15: decisions and synced writes go on (after a checkpoint, or to be refused once the store stopped). */
  private release(): void {
    if (!this.held) return;
    this.held = false;
    for (const wake of this.heldWaiters.splice(0)) wake();
    if (this.queue.length > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private released(): Promise<void> {
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }

  /**
   * Issue 15: before a write that is not held (write-guard.ts). While a checkpoint's database-file
   * sync runs on the pool, this write would restart the WAL: the file is synced here first (rare: an
   * admin write in those few milliseconds). After a failed one, nothing writes.
   */
  private beforeUnheldWrite(): void {
    if (this.databaseSyncFailed)
      throw new Error('the store stopped after a failed sync of the database file; restart the service', {
        cause: this.databaseSyncFailed,
      });
    if (!this.databaseSyncPending) return;
    try {
      this.databaseSync.durableNow();
    } catch (error) {
      this.databaseSyncFailed ??= error;
      throw error;
    }
    this.databaseSyncPending = false;
  }

  async readDecisionState(job: Pick<DecisionJob, 'tenantId' | 'agentId' | 'key' | 'path' | 'payloadHash' | 'now'>): Promise<DecisionState> {
    return decisionStateOf(job, this.transactions.reads(job));
  }

  /** What a decision reads (issue 19: shared with readDecisionState, which writes nothing). */
  private decisionReads(
    job: Pick<DecisionJob, 'tenantId' | 'agentId' | 'key' | 'path' | 'payloadHash' | 'now' | 'planIds'>,
    agentRow = this.statements.agent.get(job.tenantId, job.agentId) as Row | undefined,
    keyRow = this.statements.keyById.get(job.key.id) as Row | undefined,
    approvalsForCall = (call: typeof job) =>
      this.statements.approvalsForCall.all(call.tenantId, call.agentId, call.path, call.payloadHash, call.now) as Row[],
  ): DecisionReads {
    const s = this.statements;
    // Revoked, or gone with its tenant, since the request was authenticated: refused, nothing written.
    if (!keyRow || keyRow.revoked_at !== null) throw new ApiError('AG_UNKNOWN_KEY');
    const { tenant, settings } = this.tenantForDecisions(job.tenantId);
    const reads: DecisionReads = {
      tenant,
      settings,
      agent: agentRow ? trustRecordOf(agentRow) : null,
      key: keyOf(keyRow),
      rules: this.rulesOf(job.tenantId),
      toolRisks: this.toolRisksOf(job.tenantId),
      openApprovals: approvalsForCall(job).map((row) => approvalStateOf(row, job.now)),
      // Issue 19: budgets covering the call and the agent's controls, read in this transaction.
      ...this.budgets.decisionReads(
        job.tenantId,
        { agentId: job.agentId, keyId: job.key.id, toolName: registeredToolName(job.path) },
        job.now,
      ),
    };
    // Issue 21: how many steps of the agent's live plans ran, read in this transaction.
    if (job.planIds?.length) reads.planProgress = this.plans.stepsUsedNow(job.tenantId, job.planIds);
    return reads;
  }

  private applyDecision(job: DecisionJob): DecisionRow {
    this.decisionWriting = false;
    const s = this.statements;
    const rows = this.decisionRows;
    const agentRow = rows.agent(job.tenantId, job.agentId, () => s.agent.get(job.tenantId, job.agentId) as Row | undefined);
    const reads = this.decisionReads(
      job,
      agentRow,
      rows.key(job.key.id, () => s.keyById.get(job.key.id) as Row | undefined),
      (call) =>
        rows.approvalsForCall(
          call.tenantId,
          call.agentId,
          call.path,
          () => s.approvalsForCall.all(call.tenantId, call.agentId, call.path, call.payloadHash, call.now) as Row[],
          () => s.holdsApprovals.get(call.tenantId, call.agentId, call.path) !== undefined,
        ),
    );
    const replayedId = job.idempotency ? this.idempotencyKeys.replayOf(job, job.idempotency) : null;
    if (replayedId) {
      const first = decisionOf(s.decision.get(job.tenantId, replayedId) as Row);
      if (replaysFirstDecision(first, reads)) return first;
    }
    const state = decisionStateOf(job, reads);
    const { decision, row } = job.compute(state);
    // From here on a failure leaves writes behind to roll back (commitBatch).
    this.decisionWriting = true;
    let journalSeq: number | null = null;
    // Taken before the writes: the agent's row names it as the agent's latest decision (agent-chain.ts).
    const seq = this.decisionSeq.next();
    // Read before the agent's write, which changes the kept row in place (decision-rows.ts).
    const agentPrevSeq: number | null = agentRow?.last_decision_seq ?? null;
    let agentWritten = false;
    for (const write of planDecisionWrites(job, reads, state, decision, row, replayedId !== null)) {
      if (write.kind === 'journal') journalSeq = this.journal.append(write.tenantId, write.type, write.refId, write.time, write.record);
      else if (write.kind === 'insert-decision') this.insertDecision(write.row, journalSeq, seq, agentPrevSeq);
      else if (write.kind === 'save-agent' || write.kind === 'touch-agent')
        agentWritten = this.saveDecisionAgent(write, seq, agentRow !== undefined);
      else this.applyWrite(write);
    }
    // INVARIANT: every decision writes its agent's row, which names it (planDecisionWrites plans one agent write).
    if (!agentWritten) throw new Error(`decision ${row.id} wrote no agent row`);
    return { ...row, seq };
  }

  /** The decision's row, naming its journal entry and its agent's decision before it. */
  private insertDecision(row: DecisionRow, journalSeq: number | null, seq: number, agentPrevSeq: number | null): void {
    this.statements.insertDecision.run(seq, agentPrevSeq, ...decisionInsertValues(row, journalSeq));
    this.decisionPeriods.noteDecision(row.createdAt, seq);
  }

  /** The agent a decision counts for: seen now, its record if it changed, and this decision as its latest. */
  private saveDecisionAgent(write: Extract<DecisionWrite, { kind: 'save-agent' | 'touch-agent' }>, seq: number, exists: boolean): true {
    const s = this.statements;
    const record = write.kind === 'save-agent' ? write.record : null;
    if (exists) {
      const recentBlocked = record ? recentBlockedText(record.recentBlockedAt) : '';
      const result = record
        ? s.decisionAgentSave.run(record.approved, record.blocked, recentBlocked, write.now, seq, write.tenantId, write.agentId)
        : s.decisionAgentTouch.run(write.now, seq, write.tenantId, write.agentId);
      // INVARIANT: the row was read in this transaction, or kept since unchanged (decision-rows.ts), so it is there.
      if (result.changes !== 1) throw new Error(`agent ${write.agentId} could not be saved`);
      this.decisionRows.wroteAgent(
        write.tenantId,
        write.agentId,
        record
          ? {
              approved: record.approved,
              blocked: record.blocked,
              recent_blocked: recentBlocked,
              last_seen_at: write.now,
              last_decision_seq: seq,
            }
          : { last_seen_at: write.now, last_decision_seq: seq },
      );
      return true;
    }
    this.decisionRows.wroteAgent(write.tenantId, write.agentId, null);
    s.decisionAgentNew.run(
      write.tenantId,
      write.agentId,
      record?.approved ?? 0,
      record?.blocked ?? 0,
      JSON.stringify(record?.recentBlockedAt ?? []),
      write.now,
      write.now,
      seq,
    );
    return true;
  }

  /** One planned write of a decision (decision-transaction.ts), inside its savepoint. */
  private applyWrite(write: Exclude<DecisionWrite, { kind: 'journal' | 'insert-decision' | 'save-agent' | 'touch-agent' }>): void {
    const s = this.statements;
    switch (write.kind) {
      case 'consume-approval': {
        const result = s.consumeApproval.run(write.now, write.decisionId, write.approvalId, write.now);
        // INVARIANT: an approval runs once. The row was read in this transaction, so this cannot miss.
        if (result.changes !== 1) throw new Error(`approval ${write.approvalId} could not be consumed`);
        return;
      }
      case 'create-approval': {
        const approval = write.approval;
        s.insertApproval.run({
          id: approval.id,
          tenant_id: approval.tenantId,
          agent_id: approval.agentId,
          path: approval.path,
          payload_hash: approval.payloadHash,
          requested_by_key_id: approval.requestedByKeyId,
          decision_id: approval.decisionId,
          risk: approval.risk,
          reasons: JSON.stringify(approval.reasons),
          detail: approval.detail,
          created_at: approval.createdAt,
          expires_at: approval.expiresAt,
        });
        this.decisionRows.wroteApproval(approval.tenantId, approval.agentId, approval.path);
        return;
      }
      case 'key-record': {
        const { approved, blocked } = write.record;
        const recentBlocked = recentBlockedText(write.record.recentBlockedAt);
        s.keyRecord.run(approved, blocked, recentBlocked, write.keyId);
        this.decisionRows.wroteKey(write.keyId, { approved, blocked, recent_blocked: recentBlocked });
        return;
      }
      case 'key-spend':
        s.keySpend.run(write.amountUsd, write.keyId);
        this.decisionRows.wroteKey(write.keyId, null);
        return;
      case 'remember-idempotency':
        this.idempotencyKeys.remember(write);
        return;
      case 'decision-events':
        // The live events of this decision; flush drops them again if its savepoint rolls back.
        this.events.appendDecision(write.row, write.effects, write.approval);
        return;
      case 'use-plan-step':
        // INVARIANT: a plan step is used once. Its count was read in this transaction, so this cannot miss.
        if (!this.plans.useStepNow(write)) throw new Error(`step ${write.position} of plan ${write.planId} could not be used`);
        return;
      default:
        // Issue 19: the decision's budget reservation and alerts.
        this.budgets.applyWrite(write);
    }
  }

  async listDecisions(tenantId: string, query: DecisionListQuery): Promise<DecisionRow[]> {
    if (query.agentId !== undefined) return this.listAgentDecisions(tenantId, query.agentId, query);
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

  /** Issue 15: an agent's decisions, its chain walked from its latest before the cursor (agent-chain.ts). */
  private listAgentDecisions(tenantId: string, agentId: string, query: DecisionListQuery): DecisionRow[] {
    const start = this.agentChainStart.of(tenantId, agentId, query.beforeSeq);
    if (start === null) return [];
    const filters: string[] = [];
    if (query.verdict !== undefined) filters.push('d.verdict = @verdict');
    if (query.path !== undefined) filters.push('d.path = @path');
    const sql = agentListSql(filters);
    let statement = this.listStatements.get(sql);
    if (!statement) this.listStatements.set(sql, (statement = this.db.prepare(sql)));
    const rows = statement.all({ tenantId, agentId, start, limit: query.limit, verdict: query.verdict, path: query.path }) as Row[];
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
    cost: { actualCostCents: number | null } = { actualCostCents: null },
  ): Promise<'ok' | 'not_found' | 'already_set'> {
    // Issue 19: the outcome settles the decision's budget reservation in the same transaction.
    const changed = this.events.committed(() =>
      this.db.transaction(() => {
        const result = this.db
          .prepare(
            'UPDATE decisions SET outcome = ?, outcome_detail = ?, outcome_at = ?, outcome_screen = ? WHERE tenant_id = ? AND id = ? AND outcome IS NULL',
          )
          .run(outcome.status, outcome.detail, outcome.at, storedResultScreen(outcome), tenantId, id);
        if (result.changes !== 1) return false;
        // Issue 13: a flagged tool result is an event (console, SSE, polling) in the same transaction.
        const flagged = resultFlaggedEvent(id, outcome);
        if (flagged) this.events.append(tenantId, 'decision.result_flagged', flagged, outcome.at);
        const settlement =
          outcome.status === 'completed' ? { kind: 'commit' as const, actualCents: cost.actualCostCents } : { kind: 'release' as const };
        this.budgets.settleDecision(tenantId, id, settlement, outcome.at);
        return true;
      })(),
    );
    if (changed) return 'ok';
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
        this.journal.append(row.tenant_id, 'approval.expired', row.id, now, approvalRecord(expiredApproval(approvalStateOf(row, now))));
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
      const plan = planApprovalAnswer(approvalOf(row, decision.now), row.status, decision, () => {
        const keyRow = this.statements.keyById.get(row.requested_by_key_id) as Row | undefined;
        return {
          agent: trustRecordOf(this.statements.agent.get(tenantId, row.agent_id) as Row | undefined),
          key: keyRow ? trustRecordOf(keyRow) : null,
        };
      });
      if (plan.kind === 'refuse') {
        if (plan.result.ok === false && plan.result.reason === 'expired') {
          this.db.prepare(`UPDATE approvals SET status = 'expired' WHERE id = ?`).run(id);
          if (plan.recordExpiry) this.journal.append(tenantId, 'approval.expired', id, decision.now, approvalRecord(plan.result.approval!));
        }
        return plan.result;
      }
      const update = plan.update;
      this.db
        .prepare(
          `UPDATE approvals SET status = ?, decided_at = ?, decided_by_key_id = ?, note = ?, expires_at = ?
           WHERE id = ? AND status = 'pending'`,
        )
        .run(update.status, update.decidedAt, update.decidedByKeyId, update.note, update.expiresAt, id);
      if (plan.blockedFor) {
        const { agent, key } = plan.blockedFor;
        this.statements.agentRecord.run(
          agent.approved,
          agent.blocked,
          JSON.stringify(agent.recentBlockedAt),
          tenantId,
          plan.decided.agentId,
        );
        if (key)
          this.statements.keyRecord.run(key.approved, key.blocked, JSON.stringify(key.recentBlockedAt), plan.decided.requestedByKeyId);
      }
      this.events.append(tenantId, plan.event, approvalEventData(plan.decided), decision.now);
      this.journal.append(tenantId, plan.journal, id, decision.now, approvalRecord(plan.decided));
      return { ok: true, approval: plan.decided };
    });
    return this.events.committed(run);
  }

  async listEvents(tenantId: string, afterSeq: number, limit: number): Promise<EventRow[]> {
    return this.events.list(tenantId, afterSeq, limit);
  }

  async appendEvent(tenantId: string, type: EventType, data: Record<string, unknown>, now: number): Promise<EventRow> {
    return this.events.committed(() => this.db.transaction(() => this.events.append(tenantId, type, data, now))());
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
      this.invalidation.invalidate({ kind: 'tenant', tenantId });
    }
    await this.earlierAnswersSent();
    return result;
  }

  async resume(tenantId: string, request: { keyId: string; operatorId: string | null; now: number }): Promise<boolean> {
    let resumed: boolean;
    try {
      resumed = this.haltSwitch.resume(tenantId, request);
    } finally {
      this.invalidation.invalidate({ kind: 'tenant', tenantId });
    }
    await this.earlierAnswersSent();
    return resumed;
  }

  countPendingApprovals(now: number): Promise<number> {
    return this.approvalCounts.countPendingApprovals(now);
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
    try {
      this.demoTenants.deleteTenant(tenantId);
    } finally {
      this.invalidation.invalidate({ kind: 'all', tenantId });
      this.budgets.forgetLimits(tenantId);
    }
  }

  async staleTenantIds(idPrefix: string, createdBefore: number, limit: number): Promise<string[]> {
    return this.demoTenants.staleTenantIds(idPrefix, createdBefore, limit);
  }
}

/** A rule changed between planning and applying a rule set: the transaction rolls back. */
class StaleRuleSet extends Error {}

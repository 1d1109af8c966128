// SQLite schema, applied in order; `PRAGMA user_version` records how far a database has come.
export const MIGRATIONS: string[] = [
  `
  CREATE TABLE tenants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT,
    created_at INTEGER NOT NULL,
    settings TEXT,
    halted_reason TEXT,
    halted_at INTEGER,
    halted_by TEXT
  );
  CREATE TABLE keys (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    kind TEXT NOT NULL CHECK (kind IN ('customer', 'agent')),
    role TEXT NOT NULL,
    name TEXT NOT NULL,
    agent_id TEXT,
    budget_usd REAL,
    key_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER,
    approved INTEGER NOT NULL DEFAULT 0,
    blocked INTEGER NOT NULL DEFAULT 0,
    recent_blocked TEXT NOT NULL DEFAULT '[]',
    override TEXT
  );
  CREATE INDEX keys_by_tenant ON keys (tenant_id, kind, created_at);
  CREATE TABLE agents (
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    agent_id TEXT NOT NULL,
    approved INTEGER NOT NULL DEFAULT 0,
    blocked INTEGER NOT NULL DEFAULT 0,
    recent_blocked TEXT NOT NULL DEFAULT '[]',
    override TEXT,
    override_reason TEXT,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, agent_id)
  ) WITHOUT ROWID;
  CREATE TABLE tool_rules (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    effect TEXT NOT NULL,
    match_path TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    enabled INTEGER NOT NULL DEFAULT 1,
    version INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX tool_rules_by_tenant ON tool_rules (tenant_id, created_at);
  CREATE TABLE tools (
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    tool_name TEXT NOT NULL,
    risk_level TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, tool_name)
  ) WITHOUT ROWID;
  CREATE TABLE decisions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    path TEXT NOT NULL,
    payload TEXT NOT NULL,
    payload_hash TEXT NOT NULL,
    verdict TEXT NOT NULL,
    blocked INTEGER NOT NULL,
    enforcing INTEGER NOT NULL,
    mode TEXT NOT NULL,
    risk TEXT NOT NULL,
    detail TEXT NOT NULL,
    stages TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    signature TEXT NOT NULL,
    signing_key_id TEXT NOT NULL,
    signed_payload TEXT NOT NULL,
    approval_id TEXT,
    outcome TEXT,
    outcome_detail TEXT,
    outcome_at INTEGER
  );
  CREATE INDEX decisions_by_tenant ON decisions (tenant_id, seq);
  CREATE INDEX decisions_by_agent ON decisions (tenant_id, agent_id, seq);
  CREATE TABLE approvals (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    path TEXT NOT NULL,
    payload TEXT NOT NULL,
    payload_hash TEXT NOT NULL,
    requested_by_key_id TEXT NOT NULL,
    decision_id TEXT NOT NULL,
    status TEXT NOT NULL,
    risk TEXT NOT NULL,
    reasons TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by_key_id TEXT,
    note TEXT,
    consumed_at INTEGER,
    consumed_by_decision_id TEXT
  );
  CREATE INDEX approvals_by_call ON approvals (tenant_id, agent_id, path, payload_hash, status);
  CREATE INDEX approvals_by_status ON approvals (tenant_id, status, created_at);
  `,
  // Idempotency-Key on POST /fabric/decisions: the first decision per (tenant, key, idempotency key), for 24 h.
  `
  CREATE TABLE idempotency_keys (
    tenant_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    decision_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, key_id, idempotency_key)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (tenant_id, key_id, created_at);
  `,
  // Tool rules that look at arguments, agents and risk (issue 3).
  `
  ALTER TABLE tool_rules ADD COLUMN match_args TEXT;
  ALTER TABLE tool_rules ADD COLUMN agent_ids TEXT;
  ALTER TABLE tool_rules ADD COLUMN risk_at_least TEXT;
  `,
  // Console (issue 6): the per-tenant event log behind /fabric/events, traces, and kill-switch tokens.
  `
  CREATE TABLE events (
    tenant_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, seq)
  ) WITHOUT ROWID;
  ALTER TABLE decisions ADD COLUMN trace_id TEXT;
  CREATE INDEX decisions_by_trace ON decisions (tenant_id, trace_id) WHERE trace_id IS NOT NULL;
  CREATE TABLE trace_events (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    trace_id TEXT NOT NULL,
    span_id TEXT NOT NULL,
    parent_span_id TEXT,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    attributes TEXT NOT NULL,
    payload TEXT,
    key_id TEXT NOT NULL,
    agent_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX trace_events_by_trace ON trace_events (tenant_id, trace_id, created_at);
  CREATE TABLE halt_tokens (
    token_hash TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) WITHOUT ROWID;
  `,
  // The tamper-evident journal (hash chain per tenant) and its signed tree heads.
  `
  CREATE TABLE journal (
    tenant_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    time TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    entry_hash TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (tenant_id, seq)
  );
  CREATE INDEX journal_by_ref ON journal (tenant_id, ref_id, seq);
  CREATE TABLE journal_heads (
    tenant_id TEXT NOT NULL,
    tree_size INTEGER NOT NULL,
    root_hash TEXT NOT NULL,
    timestamp TEXT NOT NULL,
    key_id TEXT NOT NULL,
    signature TEXT NOT NULL,
    PRIMARY KEY (tenant_id, tree_size)
  ) WITHOUT ROWID;
  CREATE INDEX approvals_by_expiry ON approvals (status, expires_at);
  `,
  // What each key has spent against its budget (agent keys' budget_usd).
  `
  ALTER TABLE keys ADD COLUMN spent_usd REAL NOT NULL DEFAULT 0;
  `,
  // Each fact stored once (issue 8: bytes per decision). A decision keeps its payload and stages in
  // `body` (decision-body.ts) and its signed payload is rebuilt from the row (it is a pure function of
  // id, tenant, time, verdict and stage verdicts); rows from before keep their old columns. A journal
  // `decision` entry stores no record: it is rebuilt from the decision's row and its hash checked.
  // Journal hashes are 32-byte blobs, and `prev_hash` is read from the entry before (it is its
  // `entry_hash`, by the definition of the chain). Approval records are packed (packed-json.ts; old
  // ones stay text). An approval's payload is read from its decision. A decision row names its journal
  // entry (journal_seq), so only approval entries need the by-reference index. A decision's payload
  // hash and signature are stored as bytes (rows from before keep text), and event data is packed.
  `
  CREATE TABLE decisions_v2 (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    path TEXT NOT NULL,
    payload_hash BLOB NOT NULL,
    verdict TEXT NOT NULL,
    blocked INTEGER NOT NULL,
    enforcing INTEGER NOT NULL,
    mode TEXT NOT NULL,
    risk TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    signature BLOB NOT NULL,
    signing_key_id TEXT NOT NULL,
    approval_id TEXT,
    trace_id TEXT,
    outcome TEXT,
    outcome_detail TEXT,
    outcome_at INTEGER,
    journal_seq INTEGER,
    body BLOB,
    payload TEXT,
    stages TEXT,
    signed_payload TEXT,
    CHECK (body IS NOT NULL OR (payload IS NOT NULL AND stages IS NOT NULL AND signed_payload IS NOT NULL))
  );
  INSERT INTO decisions_v2 (seq, id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk,
      detail, created_at, signature, signing_key_id, approval_id, trace_id, outcome, outcome_detail, outcome_at, journal_seq, payload,
      stages, signed_payload)
    SELECT seq, id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk,
      detail, created_at, signature, signing_key_id, approval_id, trace_id, outcome, outcome_detail, outcome_at,
      (SELECT j.seq FROM journal j WHERE j.tenant_id = d.tenant_id AND j.ref_id = d.id AND j.type = 'decision'), payload, stages,
      signed_payload
    FROM decisions d;
  DROP TABLE decisions;
  ALTER TABLE decisions_v2 RENAME TO decisions;
  CREATE INDEX decisions_by_tenant ON decisions (tenant_id, seq);
  CREATE INDEX decisions_by_agent ON decisions (tenant_id, agent_id, seq);
  CREATE INDEX decisions_by_trace ON decisions (tenant_id, trace_id) WHERE trace_id IS NOT NULL;
  CREATE TABLE journal_v2 (
    tenant_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    time TEXT NOT NULL,
    content_hash BLOB NOT NULL CHECK (length(content_hash) = 32),
    entry_hash BLOB NOT NULL CHECK (length(entry_hash) = 32),
    record BLOB CHECK (record IS NOT NULL OR type = 'decision'),
    PRIMARY KEY (tenant_id, seq)
  );
  INSERT INTO journal_v2 SELECT tenant_id, seq, type, ref_id, time, unhex(content_hash), unhex(entry_hash), record FROM journal;
  DROP TABLE journal;
  ALTER TABLE journal_v2 RENAME TO journal;
  CREATE INDEX journal_by_ref ON journal (tenant_id, ref_id, seq) WHERE type <> 'decision';
  CREATE TABLE approvals_v2 (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    path TEXT NOT NULL,
    payload TEXT,
    payload_hash TEXT NOT NULL,
    requested_by_key_id TEXT NOT NULL,
    decision_id TEXT NOT NULL,
    status TEXT NOT NULL,
    risk TEXT NOT NULL,
    reasons TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by_key_id TEXT,
    note TEXT,
    consumed_at INTEGER,
    consumed_by_decision_id TEXT
  );
  INSERT INTO approvals_v2 SELECT id, tenant_id, agent_id, path, payload, payload_hash, requested_by_key_id, decision_id, status, risk,
    reasons, detail, created_at, expires_at, decided_at, decided_by_key_id, note, consumed_at, consumed_by_decision_id FROM approvals;
  DROP TABLE approvals;
  ALTER TABLE approvals_v2 RENAME TO approvals;
  CREATE INDEX approvals_by_call ON approvals (tenant_id, agent_id, path, payload_hash, status);
  CREATE INDEX approvals_by_status ON approvals (tenant_id, status, created_at);
  CREATE INDEX approvals_by_expiry ON approvals (status, expires_at);
  `,
  // Issue 23: one row the storage monitor rewrites to prove the disk takes a durable write (readiness).
  `
  CREATE TABLE storage_probe (
    id INTEGER PRIMARY KEY,
    probed_at INTEGER NOT NULL
  );
  `,
  // Issue 17 (the operator's day): blocked attempts an operator forgave by reinstating (agents and
  // agent keys); the version of each decision's signed payload (1 before this migration, 2 after: v2
  // also covers agent, key, tool path and payload hash); webhooks and their persisted deliveries
  // (retried with backoff across restarts, and the delivery log).
  `
  ALTER TABLE agents ADD COLUMN forgiven_blocked INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE keys ADD COLUMN forgiven_blocked INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE decisions ADD COLUMN signed_v INTEGER NOT NULL DEFAULT 1;
  CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    format TEXT NOT NULL,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX webhooks_by_tenant ON webhooks (tenant_id, created_at);
  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    tenant_id TEXT NOT NULL,
    event TEXT NOT NULL,
    event_seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    attempt_log TEXT NOT NULL DEFAULT '[]',
    next_attempt_at INTEGER,
    created_at INTEGER NOT NULL,
    finished_at INTEGER
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
  CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, created_at);
  `,
  // Issue 18: the vault (sealed secrets and the key check value), egress rules, and each tenant's
  // posture, containment and closure. Times in milliseconds, lists as JSON text.
  `
  CREATE TABLE vault_meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    key_check BLOB NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE credentials (
    tenant_id TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    version INTEGER NOT NULL,
    allowed_hosts TEXT NOT NULL,
    allowed_methods TEXT,
    header_name TEXT,
    description TEXT,
    sealed BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    last_used_at INTEGER,
    PRIMARY KEY (tenant_id, name)
  );
  CREATE TABLE egress_rules (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    target TEXT NOT NULL,
    ports TEXT NOT NULL,
    schemes TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    created_by_key_id TEXT NOT NULL
  );
  CREATE INDEX egress_rules_by_tenant ON egress_rules (tenant_id, created_at);
  CREATE TABLE tenant_posture (
    tenant_id TEXT PRIMARY KEY,
    allowed_tools TEXT,
    denied_tools TEXT,
    posture_updated_at INTEGER,
    contained_at INTEGER,
    contained_reason TEXT,
    contained_by TEXT,
    closed_at INTEGER,
    closed_reason TEXT,
    final_disposition TEXT,
    closed_by TEXT,
    final_tree_head TEXT
  );
  `,
  // Issue 22 (compliance and evidence): frameworks, controls, control results, findings, the monitor,
  // audit packages and journal anchors. Objects are kept as JSON text beside the searched columns.
  `
  CREATE TABLE compliance_frameworks (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  CREATE TABLE compliance_controls (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  CREATE TABLE compliance_control_results (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    control_id TEXT NOT NULL,
    passed INTEGER NOT NULL,
    evaluated_at INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  CREATE INDEX compliance_control_results_by_time ON compliance_control_results (tenant_id, evaluated_at);
  CREATE TABLE compliance_findings (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    status TEXT NOT NULL,
    severity TEXT NOT NULL,
    control_id TEXT,
    source TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  CREATE INDEX compliance_findings_by_status ON compliance_findings (tenant_id, status, created_at);
  CREATE TABLE compliance_monitors (
    tenant_id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    interval_ms INTEGER NOT NULL,
    next_run_at INTEGER NOT NULL,
    last_run_at INTEGER,
    last_run TEXT,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX compliance_monitors_due ON compliance_monitors (next_run_at);
  CREATE TABLE compliance_audit_packages (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    summary TEXT NOT NULL,
    archive BLOB NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  CREATE TABLE journal_anchors (
    tenant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    tree_size INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    receipt TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  `,
  // Issue 20: identities, proof-of-possession challenges, agent tokens and delegations.
  `
  CREATE TABLE identities (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    display_name TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    organization TEXT,
    capabilities TEXT,
    authority_scope TEXT,
    metadata TEXT,
    parent_id TEXT,
    public_key TEXT NOT NULL,
    previous_public_key TEXT,
    previous_key_valid_until INTEGER,
    key_version INTEGER NOT NULL DEFAULT 1,
    revoked_at INTEGER,
    revoked_reason TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    rotated_at INTEGER,
    verified_at INTEGER
  );
  CREATE UNIQUE INDEX identities_by_agent ON identities (tenant_id, agent_id);
  CREATE INDEX identities_by_parent ON identities (tenant_id, parent_id);
  CREATE TABLE identity_challenges (
    nonce TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    identity_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE INDEX identity_challenges_by_expiry ON identity_challenges (tenant_id, expires_at);
  CREATE TABLE agent_tokens (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    identity_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    scopes TEXT NOT NULL,
    chain TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    revoked_reason TEXT
  );
  CREATE INDEX agent_tokens_by_tenant ON agent_tokens (tenant_id, expires_at);
  CREATE TABLE delegations (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    parent_id TEXT,
    delegator_id TEXT,
    delegate_id TEXT NOT NULL,
    capabilities TEXT NOT NULL,
    constraints TEXT,
    audience TEXT,
    depth INTEGER NOT NULL,
    max_depth INTEGER NOT NULL,
    single_use INTEGER NOT NULL,
    pop INTEGER NOT NULL,
    created_by_key_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    consumed_at INTEGER,
    revoked_at INTEGER,
    revoked_reason TEXT
  );
  CREATE INDEX delegations_by_tenant ON delegations (tenant_id, created_at);
  CREATE TABLE fast_path_grants (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    token_id TEXT,
    tools TEXT NOT NULL,
    service TEXT,
    ttl_seconds INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    revoked_reason TEXT
  );
  CREATE TABLE a2a_nonces (
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    nonce TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, agent_id, nonce)
  );
  CREATE INDEX a2a_nonces_by_expiry ON a2a_nonces (tenant_id, expires_at);
  CREATE TABLE a2a_observations (
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    capability TEXT NOT NULL,
    count INTEGER NOT NULL,
    first_seen_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, agent_id, capability)
  );
  CREATE TABLE a2a_authorities (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    parent_id TEXT,
    delegator TEXT NOT NULL,
    subject TEXT NOT NULL,
    ceiling TEXT NOT NULL,
    capabilities TEXT NOT NULL,
    authorized_delegators TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX a2a_authorities_by_subject ON a2a_authorities (tenant_id, subject);
  `,
  // Issue 14: cluster membership. Each node's heartbeat and fault (a failover drill), and the cluster's id.
  `
  CREATE TABLE cluster_meta (
    id INTEGER PRIMARY KEY,
    cluster_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE cluster_nodes (
    node_id TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    fault TEXT,
    fault_at INTEGER
  );
  `,
  // Issue 20: acting edges (who may act for whom, with evidence and expiry).
  `
  CREATE TABLE identity_edges (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    source TEXT NOT NULL,
    target TEXT NOT NULL,
    relation TEXT NOT NULL,
    evidence_ref TEXT NOT NULL,
    allowed_actions TEXT NOT NULL,
    created_by_key_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX identity_edges_by_tenant ON identity_edges (tenant_id, revoked_at);
  `,
  // Issue 21: approver authorities, approver signing keys, requested approvals, approval votes, governance policies.
  `
  CREATE TABLE authorities (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    identity_id TEXT NOT NULL,
    role TEXT NOT NULL,
    identity_type TEXT NOT NULL,
    scope TEXT,
    can_approve INTEGER NOT NULL,
    can_delegate INTEGER NOT NULL,
    can_override INTEGER NOT NULL,
    max_approval_amount_cents REAL,
    max_budget_cents REAL,
    budget_id TEXT,
    expires_at INTEGER,
    created_at INTEGER NOT NULL,
    created_by_key_id TEXT NOT NULL
  );
  CREATE INDEX authorities_by_tenant ON authorities (tenant_id, identity_id);
  CREATE TABLE approver_keys (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    name TEXT NOT NULL,
    public_key TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX approver_keys_by_tenant ON approver_keys (tenant_id, created_at);
  CREATE TABLE approval_requests (
    approval_id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    requester_id TEXT NOT NULL,
    requester_identity TEXT,
    action TEXT NOT NULL,
    resource TEXT NOT NULL,
    justification TEXT NOT NULL,
    governance_policy_id TEXT,
    linked_budget_id TEXT,
    linked_policy_id TEXT,
    linked_control_policy_id TEXT,
    trace_id TEXT,
    amount_cents REAL,
    min_distinct_approvers INTEGER NOT NULL
  );
  CREATE TABLE approval_votes (
    tenant_id TEXT NOT NULL,
    approval_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    approved INTEGER NOT NULL,
    reason TEXT NOT NULL,
    approver_key_id TEXT,
    signed_text TEXT,
    signature_b64 TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (approval_id, key_id)
  );
  CREATE TABLE governance_policies (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    scope TEXT,
    constraints TEXT NOT NULL,
    exceptions TEXT NOT NULL,
    parent_policy_id TEXT,
    linked_policy_id TEXT,
    priority INTEGER NOT NULL,
    status TEXT NOT NULL,
    version INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX governance_policies_by_tenant ON governance_policies (tenant_id, priority);
  CREATE TABLE trajectory_policies (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    rules TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX trajectory_policies_by_tenant ON trajectory_policies (tenant_id, created_at);
  `,
  // Issue 19: budgets (integer cents), their reservations and holds, and agent controls.
  `
  CREATE TABLE budgets (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    scope TEXT NOT NULL,
    scope_id TEXT,
    parent_id TEXT,
    period TEXT NOT NULL,
    limit_cents INTEGER NOT NULL,
    hard_limit INTEGER NOT NULL,
    on_exceed TEXT NOT NULL,
    soft_limit_pct REAL NOT NULL,
    alert_threshold_pct REAL NOT NULL,
    currency TEXT NOT NULL,
    metadata TEXT,
    spent_cents INTEGER NOT NULL DEFAULT 0,
    period_start INTEGER NOT NULL DEFAULT 0,
    alert_level INTEGER NOT NULL DEFAULT 0,
    alert_period_start INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX budgets_by_scope ON budgets (tenant_id, scope, scope_id);
  CREATE INDEX budgets_by_parent ON budgets (tenant_id, parent_id);
  CREATE TABLE budget_reservations (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    budget_id TEXT,
    budget_ids TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    agent_id TEXT,
    decision_id TEXT,
    status TEXT NOT NULL,
    committed_cents INTEGER,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    settled_at INTEGER
  );
  CREATE INDEX budget_reservations_by_decision ON budget_reservations (tenant_id, decision_id);
  CREATE TABLE budget_holds (
    reservation_id TEXT NOT NULL,
    budget_id TEXT NOT NULL,
    tenant_id TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (reservation_id, budget_id)
  );
  CREATE INDEX budget_holds_by_budget ON budget_holds (budget_id, expires_at);
  CREATE INDEX budget_holds_by_tenant ON budget_holds (tenant_id, expires_at);
  CREATE TABLE agent_controls (
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    max_actions_per_hour INTEGER,
    max_concurrent_actions INTEGER,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, agent_id)
  );
  -- Agent controls count an agent's decisions of the last hour.
  CREATE INDEX decisions_by_agent_time ON decisions (tenant_id, agent_id, created_at);
  `,
  // Webhook deliveries made from a logged event are unique per webhook, event name and event: every
  // node of a cluster hears every event, and only the first node's delivery is kept (older duplicates dropped).
  `
  DELETE FROM webhook_deliveries WHERE event_seq > 0 AND id NOT IN (
    SELECT MIN(id) FROM webhook_deliveries WHERE event_seq > 0 GROUP BY webhook_id, event, event_seq
  );
  CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (webhook_id, event, event_seq) WHERE event_seq > 0;
  `,
  // Issue 13: the injection screen's verdict on the tool result reported with an outcome (JSON).
  `ALTER TABLE decisions ADD COLUMN outcome_screen TEXT;`,
  // Issue 21: trajectories (an identity's agent watched from a start) that passports summarise.
  `
  CREATE TABLE trajectories (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    identity_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    created_by_key_id TEXT NOT NULL
  );
  CREATE INDEX trajectories_by_agent ON trajectories (tenant_id, agent_id);
  `,
  // Issue 21 item 4: committed plans (steps scored, authorized by another key, then governing the agent).
  `
  CREATE TABLE plans (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    goal TEXT NOT NULL,
    steps TEXT NOT NULL,
    max_cumulative_risk_budget REAL NOT NULL,
    authorized_authority_ceiling TEXT NOT NULL,
    cumulative_risk REAL NOT NULL,
    status TEXT NOT NULL,
    committed_by_key_id TEXT NOT NULL,
    authorized_by_key_id TEXT,
    authorized_by TEXT,
    comments TEXT,
    created_at INTEGER NOT NULL,
    authorized_at INTEGER,
    expires_at INTEGER
  );
  CREATE INDEX plans_live_by_tenant ON plans (tenant_id, status, expires_at);
  `,
  // Issue 21: a plan's steps are used up in index order (`steps_used` of them ran); all used, it is complete.
  `
  ALTER TABLE plans ADD COLUMN steps_used INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE plans ADD COLUMN completed_at INTEGER;
  `,
  // Issue 21: a `require_approval` tool rule may ask for several distinct approvers.
  `ALTER TABLE tool_rules ADD COLUMN min_distinct_approvers INTEGER;`,
  // Issue 21: issued passports (the token's claims, not the token), so they can be listed and revoked.
  `
  CREATE TABLE passports (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    trajectory_id TEXT NOT NULL,
    identity_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    kid TEXT NOT NULL,
    summary TEXT NOT NULL,
    issued_by_key_id TEXT NOT NULL,
    issued_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    revoked_by_key_id TEXT,
    revoked_reason TEXT
  );
  CREATE INDEX passports_by_tenant ON passports (tenant_id, issued_at);
  `,
  // Issue 15: the journal keyed by (tenant_id, seq) alone, WITHOUT ROWID. It was a rowid table with an
  // index on that key beside it, so every entry was written to two B-trees (one more WAL page per lone
  // decision). Same columns, rows and chain; entries are only ever looked up by that key or by reference.
  `
  CREATE TABLE journal_v3 (
    tenant_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    time TEXT NOT NULL,
    content_hash BLOB NOT NULL CHECK (length(content_hash) = 32),
    entry_hash BLOB NOT NULL CHECK (length(entry_hash) = 32),
    record BLOB CHECK (record IS NOT NULL OR type = 'decision'),
    PRIMARY KEY (tenant_id, seq)
  ) WITHOUT ROWID;
  INSERT INTO journal_v3 (tenant_id, seq, type, ref_id, time, content_hash, entry_hash, record)
    SELECT tenant_id, seq, type, ref_id, time, content_hash, entry_hash, record FROM journal ORDER BY tenant_id, seq;
  DROP TABLE journal;
  ALTER TABLE journal_v3 RENAME TO journal;
  CREATE INDEX journal_by_ref ON journal (tenant_id, ref_id, seq) WHERE type <> 'decision';
  `,
  // Issue 15: the per-agent counts of recent decisions are served by decisions_by_agent from a seq
  // floor (decision-periods.ts): one row per 5-minute period with the lowest seq of a decision made in
  // it. The (tenant, agent, created_at) index it replaces was one more B-tree page written per decision.
  `
  CREATE TABLE decision_periods (
    period INTEGER PRIMARY KEY,
    first_seq INTEGER NOT NULL
  );
  INSERT INTO decision_periods (period, first_seq) SELECT CAST(created_at AS INTEGER) / 300000, MIN(seq) FROM decisions GROUP BY 1;
  DROP INDEX decisions_by_agent_time;
  `,
  // Issue 15: decisions without AUTOINCREMENT, whose sqlite_sequence row was one more page written by
  // every group commit; the store gives out the seq (decision-seq.ts) with the same meaning: larger than
  // every seq before, never given twice. decision_seq keeps the largest seq of a deleted decision (the
  // AUTOINCREMENT counter at the migration, then the trigger). Same columns, rows and indexes.
  `
  CREATE TABLE decisions_v3 (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    path TEXT NOT NULL,
    payload_hash BLOB NOT NULL,
    verdict TEXT NOT NULL,
    blocked INTEGER NOT NULL,
    enforcing INTEGER NOT NULL,
    mode TEXT NOT NULL,
    risk TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    signature BLOB NOT NULL,
    signing_key_id TEXT NOT NULL,
    approval_id TEXT,
    trace_id TEXT,
    outcome TEXT,
    outcome_detail TEXT,
    outcome_at INTEGER,
    journal_seq INTEGER,
    body BLOB,
    payload TEXT,
    stages TEXT,
    signed_payload TEXT,
    signed_v INTEGER NOT NULL DEFAULT 1,
    outcome_screen TEXT,
    CHECK (body IS NOT NULL OR (payload IS NOT NULL AND stages IS NOT NULL AND signed_payload IS NOT NULL))
  );
  INSERT INTO decisions_v3 (seq, id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk, detail, created_at, signature,
      signing_key_id, approval_id, trace_id, outcome, outcome_detail, outcome_at, journal_seq, body, payload, stages, signed_payload, signed_v,
      outcome_screen)
    SELECT seq, id, tenant_id, agent_id, key_id, path, payload_hash, verdict, blocked, enforcing, mode, risk, detail, created_at, signature,
      signing_key_id, approval_id, trace_id, outcome, outcome_detail, outcome_at, journal_seq, body, payload, stages, signed_payload, signed_v,
      outcome_screen FROM decisions ORDER BY seq;
  CREATE TABLE decision_seq (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_seq INTEGER NOT NULL
  );
  INSERT INTO decision_seq (id, last_seq) VALUES (1, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'decisions'), 0));
  DROP TABLE decisions;
  ALTER TABLE decisions_v3 RENAME TO decisions;
  CREATE INDEX decisions_by_tenant ON decisions (tenant_id, seq);
  CREATE INDEX decisions_by_agent ON decisions (tenant_id, agent_id, seq);
  CREATE INDEX decisions_by_trace ON decisions (tenant_id, trace_id) WHERE trace_id IS NOT NULL;
  CREATE TRIGGER decisions_keep_deleted_seq AFTER DELETE ON decisions
    WHEN OLD.seq > (SELECT last_seq FROM decision_seq WHERE id = 1)
    BEGIN UPDATE decision_seq SET last_seq = OLD.seq WHERE id = 1; END;
  `,
  // Issue 15: an agent's decisions as a chain instead of the (tenant, agent, seq) index, whose entries
  // sat one leaf per agent (0.9 of 2.9 WAL pages per decision under load): each decision names the
  // agent's decision before it, and the agent's row its latest (agent-chain.ts). Both are written
  // with pages a decision writes anyway (its row, its agent's row). Filled for every decision here.
  `
  ALTER TABLE decisions ADD COLUMN agent_prev_seq INTEGER;
  ALTER TABLE agents ADD COLUMN last_decision_seq INTEGER;
  UPDATE decisions SET agent_prev_seq = chain.prev FROM (
    SELECT seq, LAG(seq) OVER (PARTITION BY tenant_id, agent_id ORDER BY seq) AS prev FROM decisions
  ) AS chain WHERE decisions.seq = chain.seq AND chain.prev IS NOT NULL;
  UPDATE agents SET last_decision_seq = (SELECT MAX(d.seq) FROM decisions d WHERE d.tenant_id = agents.tenant_id AND d.agent_id = agents.agent_id);
  -- Every decision writes its agent's row in its transaction; should one lack it, its chain still gets a head.
  INSERT INTO agents (tenant_id, agent_id, created_at, last_seen_at, last_decision_seq)
    SELECT tenant_id, agent_id, MIN(created_at), MAX(created_at), MAX(seq) FROM decisions d
    WHERE NOT EXISTS (SELECT 1 FROM agents a WHERE a.tenant_id = d.tenant_id AND a.agent_id = d.agent_id)
      AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = d.tenant_id)
    GROUP BY tenant_id, agent_id;
  DROP INDEX decisions_by_agent;
  `,
];

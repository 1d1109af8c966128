// PostgreSQL schema, applied in order; `schema_migrations` records how far a database has come.
// The column layout is SQLite's (rows.ts reads both): times as bigint milliseconds, JSON as text,
// hashes, signatures and packed bodies as bytea, flags as 0/1 integers.
export const POSTGRES_MIGRATIONS: string[] = [
  `
  CREATE TABLE tenants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT,
    created_at BIGINT NOT NULL,
    settings TEXT,
    halted_reason TEXT,
    halted_at BIGINT,
    halted_by TEXT,
    -- Bumped with every change to the tenant's rules or tool registry: nodes check it on read.
    config_version BIGINT NOT NULL DEFAULT 1
  );
  CREATE TABLE keys (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    kind TEXT NOT NULL CHECK (kind IN ('customer', 'agent')),
    role TEXT NOT NULL,
    name TEXT NOT NULL,
    agent_id TEXT,
    budget_usd DOUBLE PRECISION,
    spent_usd DOUBLE PRECISION NOT NULL DEFAULT 0,
    key_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT,
    approved BIGINT NOT NULL DEFAULT 0,
    blocked BIGINT NOT NULL DEFAULT 0,
    recent_blocked TEXT NOT NULL DEFAULT '[]',
    override TEXT
  );
  CREATE INDEX keys_by_tenant ON keys (tenant_id, kind, created_at);
  CREATE TABLE agents (
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    agent_id TEXT NOT NULL,
    approved BIGINT NOT NULL DEFAULT 0,
    blocked BIGINT NOT NULL DEFAULT 0,
    recent_blocked TEXT NOT NULL DEFAULT '[]',
    override TEXT,
    override_reason TEXT,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, agent_id)
  );
  CREATE TABLE tool_rules (
    id TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    effect TEXT NOT NULL,
    match_path TEXT NOT NULL,
    match_args TEXT,
    agent_ids TEXT,
    risk_at_least TEXT,
    description TEXT NOT NULL DEFAULT '',
    enabled INTEGER NOT NULL DEFAULT 1,
    version INTEGER NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE INDEX tool_rules_by_tenant ON tool_rules (tenant_id, created_at);
  CREATE TABLE tools (
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    tool_name TEXT NOT NULL,
    risk_level TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, tool_name)
  );
  CREATE TABLE decisions (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    path TEXT NOT NULL,
    payload_hash BYTEA NOT NULL,
    verdict TEXT NOT NULL,
    blocked INTEGER NOT NULL,
    enforcing INTEGER NOT NULL,
    mode TEXT NOT NULL,
    risk TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    signature BYTEA NOT NULL,
    signing_key_id TEXT NOT NULL,
    approval_id TEXT,
    trace_id TEXT,
    outcome TEXT,
    outcome_detail TEXT,
    outcome_at BIGINT,
    journal_seq BIGINT,
    body BYTEA NOT NULL
  );
  CREATE INDEX decisions_by_tenant ON decisions (tenant_id, seq);
  CREATE INDEX decisions_by_agent ON decisions (tenant_id, agent_id, seq);
  CREATE INDEX decisions_by_trace ON decisions (tenant_id, trace_id) WHERE trace_id IS NOT NULL;
  CREATE TABLE approvals (
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
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    decided_at BIGINT,
    decided_by_key_id TEXT,
    note TEXT,
    consumed_at BIGINT,
    consumed_by_decision_id TEXT
  );
  CREATE INDEX approvals_by_call ON approvals (tenant_id, agent_id, path, payload_hash, status);
  CREATE INDEX approvals_by_status ON approvals (tenant_id, status, created_at);
  CREATE INDEX approvals_by_expiry ON approvals (status, expires_at);
  CREATE TABLE idempotency_keys (
    tenant_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    decision_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, key_id, idempotency_key)
  );
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (tenant_id, key_id, created_at);
  CREATE TABLE events (
    tenant_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    type TEXT NOT NULL,
    data BYTEA NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, seq)
  );
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
    created_at BIGINT NOT NULL,
    ord BIGSERIAL
  );
  CREATE INDEX trace_events_by_trace ON trace_events (tenant_id, trace_id, created_at);
  CREATE TABLE halt_tokens (
    token_hash TEXT PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
  );
  CREATE TABLE journal (
    tenant_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    type TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    time TEXT NOT NULL,
    content_hash BYTEA NOT NULL CHECK (length(content_hash) = 32),
    entry_hash BYTEA NOT NULL CHECK (length(entry_hash) = 32),
    record BYTEA CHECK (record IS NOT NULL OR type = 'decision'),
    PRIMARY KEY (tenant_id, seq)
  );
  CREATE INDEX journal_by_ref ON journal (tenant_id, ref_id, seq) WHERE type <> 'decision';
  -- The head of each tenant's chain. Every transaction that appends to a tenant's journal (or event
  -- log) locks this row first (SELECT ... FOR UPDATE), so the chain stays one chain across nodes.
  CREATE TABLE journal_tips (
    tenant_id TEXT PRIMARY KEY,
    seq BIGINT NOT NULL,
    entry_hash BYTEA
  );
  CREATE TABLE journal_heads (
    tenant_id TEXT NOT NULL,
    tree_size BIGINT NOT NULL,
    root_hash TEXT NOT NULL,
    timestamp TEXT NOT NULL,
    key_id TEXT NOT NULL,
    signature TEXT NOT NULL,
    PRIMARY KEY (tenant_id, tree_size)
  );
  `,
  // Every node's public signing keys (signing-key-store.ts), published by every node.
  `
  CREATE TABLE signing_keys (
    kid TEXT PRIMARY KEY,
    node_id TEXT NOT NULL,
    public_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  `,
];

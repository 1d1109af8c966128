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
];

// Shapes of the vault, brokered calls, egress rules, posture, contain and close (issue 18), as the
// service's OpenAPI document names them.
import type { DecisionRecord } from './types.ts';

/** A signed head of a tenant's journal (Ed25519 over the canonical JSON of the other five fields). */
export interface TreeHead {
  tenant_id: string;
  tree_size: number;
  root_hash: string;
  timestamp: string;
  key_id: string;
  signature: string;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface CredentialRequest {
  name: string;
  /** `bearer` (default), `header` (needs `header_name`), `basic` (`user:password`) or `query`. */
  kind?: 'bearer' | 'header' | 'basic' | 'query';
  secret: string;
  allowed_hosts: string[];
  allowed_methods?: HttpMethod[];
  header_name?: string | null;
  description?: string | null;
}

/** A vault credential as listed: never the secret. */
export interface Credential {
  name: string;
  kind: string;
  version: number;
  allowed_hosts: string[];
  allowed_methods: string[] | null;
  header_name: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

export interface CallRequest {
  credential: string;
  method?: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string | null;
  agent_id?: string | null;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  body_encoding: 'utf8' | 'base64';
  bytes: number;
  redirects: number;
}

export interface CallResult {
  /** Whether a request left ActionGate for the upstream. */
  sent: boolean;
  detail: string;
  error: string | null;
  decision: DecisionRecord;
  upstream: UpstreamResponse | null;
}

export interface EgressRuleRequest {
  target: string;
  ports?: number[];
  schemes?: Array<'http' | 'https'>;
}

export interface EgressRule {
  id: string;
  target: string;
  ports: number[];
  schemes: string[];
  created_at: string;
  created_by_key_id: string;
}

export interface PostureUpdate {
  allowed_tools?: string[] | null;
  denied_tools?: string[] | null;
}

export interface Posture {
  tenant: string;
  allowed_tools: string[] | null;
  denied_tools: string[] | null;
  updated_at: string | null;
  egress_rules: number;
  contained: boolean;
  containment: { since: string; reason: string; by_key_id: string } | null;
  closed: boolean;
  closure: { since: string; reason: string; final_disposition: string; by_key_id: string; final_tree_head: TreeHead | null } | null;
}

export interface ContainRequest {
  tenant: string;
  action?: 'contain' | 'release';
}

export interface CloseRequest {
  tenant: string;
  reason: string;
  final_disposition: string;
}

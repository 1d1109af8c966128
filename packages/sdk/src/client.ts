// The ActionGate client: one typed method per customer route, and `guard` for tool functions.
import type {
  ActionEvaluation,
  AgentControlRequest,
  AgentControls,
  AssessRequest,
  Budget,
  BudgetUpdate,
  CommitRequest,
  CreateBudgetRequest,
  DecideActionRequest,
  DryRunRequest,
  DryRunResult,
  EvaluateActionRequest,
  ExecuteRequest,
  Reservation,
  ReserveRequest,
  RiskAssessment,
} from './budget-types.ts'; // issue 19
import { randomUUID } from 'node:crypto';
import { guardFunction, type GuardOptions } from './guard.ts';
import { callApi, type CallOptions, type TransportOptions } from './http.ts';
import type {
  AddToolRequest,
  JsonObject,
  Agent,
  AgentKey,
  AgentKeyRequest,
  ApiKey,
  ApiKeyRequest,
  Approval,
  ApprovalDecisionRequest,
  ApprovalListQuery,
  CreatedAgentKey,
  CreatedApiKey,
  Decision,
  DecisionList,
  DecisionListQuery,
  DecisionRecord,
  DecisionRequest,
  DecisionSignature,
  OutcomeRequest,
  PublicKey,
  Settings,
  SettingsPatch,
  Tool,
  ToolRule,
  ToolRulePatch,
  ToolRuleRequest,
  ToolRuleSetResult,
  TryResult,
} from './types.ts';
import { verifyDecisionSignature, type SignatureCheck } from './verify-signature.ts';
import { identityHelpers } from './identity.ts';
import { governanceHelpers } from './governance.ts';
import type {
  CallRequest,
  CallResult,
  CloseRequest,
  Credential,
  CredentialRequest,
  EgressRule,
  EgressRuleRequest,
  Posture,
  PostureUpdate,
} from './credentials-types.ts';

/** A brokered call waits for the upstream too: its own deadline, longer than a decision's. */
const BROKERED_CALL_TIMEOUT_MS = 60_000;

export interface ActionGateOptions {
  /** Defaults to `ACTIONGATE_URL`, then `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** `X-API-Key`; defaults to `ACTIONGATE_API_KEY`. */
  apiKey?: string;
  /** Agent named in decisions when a call does not name one (customer keys must name it). */
  agentId?: string;
  /** Deadline of one call, retries included. Default 5000. */
  timeoutMs?: number;
  /** Retries of the decision call after a network error, a timeout or a 5xx. Default 2. */
  retries?: number;
  /** A fetch implementation (tests, proxies). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /**
   * An agent token (`POST /fabric/agent-tokens`), sent as `Authorization: Bearer` instead of an API
   * key: the client then speaks for the token's agent, within its scopes. See `withAgentToken`.
   */
  agentToken?: string;
}

export interface DecideOptions {
  /** Sent as `Idempotency-Key`; a fresh one per call by default, reused across its retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const enc = encodeURIComponent;

export class ActionGate {
  readonly baseUrl: string;
  readonly agentId: string | undefined;
  readonly timeoutMs: number;
  readonly retries: number;
  private readonly transport: TransportOptions;

  constructor(options: ActionGateOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.ACTIONGATE_URL ?? 'http://127.0.0.1:8080';
    this.agentId = options.agentId;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.retries = options.retries ?? 2;
    this.transport = {
      baseUrl: this.baseUrl,
      apiKey: options.agentToken ? options.apiKey : (options.apiKey ?? process.env.ACTIONGATE_API_KEY),
      agentToken: options.agentToken,
      fetch: options.fetch ?? globalThis.fetch,
    };
    this.options = options;
  }

  private readonly options: ActionGateOptions;

  /** A client for the same service that speaks as the token's agent (Bearer, no API key). */
  withAgentToken(token: string): ActionGate {
    return new ActionGate({ ...this.options, apiKey: undefined, agentToken: token });
  }

  /** Issue 20: identities, proof of possession, tokens, delegation and the checks over them. */
  readonly identity = identityHelpers((method, path, body) => this.call(method, path, body === undefined ? {} : { body }));

  /** Issue 21: authorities, requested/multi-party/signed approvals, governance and trajectory policies, trajectories and passports. */
  readonly governance = governanceHelpers((method, path, body) => this.call(method, path, body === undefined ? {} : { body }));

  private call<T>(method: string, path: string, options: Partial<CallOptions> = {}): Promise<T> {
    return callApi<T>(this.transport, method, path, { timeoutMs: this.timeoutMs, ...options });
  }

  /**
   * Asks whether a tool call may run. Answers the decision for every verdict (HTTP 200); throws
   * `GovernanceUnavailable` (unreachable, timeout, 5xx after retries) or `ApiRequestError` (4xx).
   * Apply the client rule with `mayRun(decision)`.
   */
  decide(request: DecisionRequest, options: DecideOptions = {}): Promise<Decision> {
    const body: DecisionRequest = { ...request };
    if (body.agent_id === undefined && this.agentId !== undefined) body.agent_id = this.agentId;
    return this.call<Decision>('POST', '/fabric/decisions', {
      body,
      headers: { 'idempotency-key': options.idempotencyKey ?? randomUUID() },
      retries: this.retries,
      signal: options.signal,
    });
  }

  /**
   * Wraps a tool function: each call is decided first, with the call's arguments as the payload,
   * and `fn` runs only when the decision allows it. Otherwise throws `ActionBlocked`,
   * `ApprovalRequired` or `GovernanceUnavailable` before `fn` starts.
   */
  guard<A extends unknown[], R>(path: string, fn: (...args: A) => R, options: GuardOptions<A> = {}): (...args: A) => Promise<Awaited<R>> {
    return guardFunction(this, path, fn, options);
  }

  readonly decisions = {
    list: (query: DecisionListQuery = {}) => this.call<DecisionList>('GET', '/fabric/decisions', { query: { ...query } }),
    get: (id: string) => this.call<DecisionRecord>('GET', `/fabric/decisions/${enc(id)}`),
    signature: (id: string) => this.call<DecisionSignature>('GET', `/fabric/decisions/${enc(id)}/signature`),
    /** Records what happened when the tool ran (once per decision). */
    outcome: (id: string, outcome: OutcomeRequest) =>
      this.call<DecisionRecord>('POST', `/fabric/decisions/${enc(id)}/outcome`, { body: outcome }),
    /** Fetches the record, its signature and the public keys, and checks the Ed25519 signature locally. */
    verify: async (id: string): Promise<SignatureCheck> => {
      const [record, signature, keys] = await Promise.all([this.decisions.get(id), this.decisions.signature(id), this.publicKeys()]);
      return verifyDecisionSignature(record, signature, keys);
    },
  };

  readonly journal = {
    /** One page of the tenant's journal export (`GET /fabric/journal`): entries, a signed head from the first entry, `next_after`. */
    page: (query: { after?: number; limit?: number } = {}) =>
      this.call<{ entries: JsonObject[]; tree_head: JsonObject | null; next_after: number | null }>('GET', '/fabric/journal', {
        query: { ...query },
      }),
  };

  readonly approvals = {
    list: (query: ApprovalListQuery = {}) =>
      this.call<{ approvals: Approval[] }>('GET', '/fabric/approvals', { query: { ...query } }).then((r) => r.approvals),
    get: (id: string) => this.call<Approval>('GET', `/fabric/approvals/${enc(id)}`),
    approve: (id: string, request: ApprovalDecisionRequest = {}) =>
      this.call<Approval>('POST', `/fabric/approvals/${enc(id)}/approve`, { body: request }),
    deny: (id: string, request: ApprovalDecisionRequest = {}) =>
      this.call<Approval>('POST', `/fabric/approvals/${enc(id)}/deny`, { body: request }),
  };

  readonly toolRules = {
    list: () => this.call<{ rules: ToolRule[] }>('GET', '/fabric/tool-rules').then((r) => r.rules),
    get: (id: string) => this.call<ToolRule>('GET', `/fabric/tool-rules/${enc(id)}`),
    create: (rule: ToolRuleRequest) => this.call<ToolRule>('POST', '/fabric/tool-rules', { body: rule }),
    /** Edits a rule; every edit bumps its `version`. */
    update: (id: string, patch: ToolRulePatch) => this.call<ToolRule>('PATCH', `/fabric/tool-rules/${enc(id)}`, { body: patch }),
    delete: (id: string) => this.call<null>('DELETE', `/fabric/tool-rules/${enc(id)}`).then(() => undefined),
    /**
     * Replaces the whole rule set in one transaction (rules matched by `name`; a changed rule gets
     * the next version, a rule not named is deleted). `dryRun`: answers the changes, applies nothing.
     */
    replace: (rules: ToolRuleRequest[], options: { dryRun?: boolean } = {}) =>
      this.call<ToolRuleSetResult>('PUT', '/fabric/tool-rules', { body: { rules }, query: { dry_run: options.dryRun ? true : undefined } }),
  };

  readonly agentKeys = {
    create: (request: AgentKeyRequest) => this.call<CreatedAgentKey>('POST', '/fabric/agent-keys', { body: request }),
    list: () => this.call<{ agent_keys: AgentKey[] }>('GET', '/fabric/agent-keys').then((r) => r.agent_keys),
    revoke: (id: string) => this.call<AgentKey>('DELETE', `/fabric/agent-keys/${enc(id)}`),
  };

  readonly apiKeys = {
    create: (request: ApiKeyRequest) => this.call<CreatedApiKey>('POST', '/fabric/api-keys', { body: request }),
    list: () => this.call<{ keys: ApiKey[] }>('GET', '/fabric/api-keys').then((r) => r.keys),
    revoke: (id: string) => this.call<ApiKey>('DELETE', `/fabric/api-keys/${enc(id)}`),
  };

  readonly agents = {
    list: () => this.call<{ agents: Agent[] }>('GET', '/fabric/agents').then((r) => r.agents),
    get: (agentId: string) => this.call<Agent>('GET', `/fabric/agents/${enc(agentId)}`),
    suspend: (agentId: string, reason: string) => this.call<Agent>('POST', `/fabric/agents/${enc(agentId)}/suspend`, { body: { reason } }),
    revoke: (agentId: string, reason: string) => this.call<Agent>('POST', `/fabric/agents/${enc(agentId)}/revoke`, { body: { reason } }),
    reinstate: (agentId: string, reason: string) =>
      this.call<Agent>('POST', `/fabric/agents/${enc(agentId)}/reinstate`, { body: { reason } }),
  };

  readonly tools = {
    list: () => this.call<{ tools: Tool[] }>('GET', '/fabric/tools').then((r) => r.tools),
    /** Registers a tool (or updates it); a registered risk level is a floor for its calls. */
    add: (request: AddToolRequest) => this.call<Tool>('POST', '/fabric/tools', { body: request }),
  };

  readonly settings = {
    get: () => this.call<Settings>('GET', '/fabric/settings'),
    update: (patch: SettingsPatch) => this.call<Settings>('PATCH', '/fabric/settings', { body: patch }),
  };

  /** Issue 19: budgets in integer cents; reserve an amount, then commit what was spent or release it. */
  readonly budgets = {
    create: (request: CreateBudgetRequest) => this.call<Budget>('POST', '/fabric/budgets', { body: request }),
    list: () => this.call<{ budgets: Budget[] }>('GET', '/fabric/budgets').then((r) => r.budgets),
    get: (id: string) => this.call<Budget>('GET', `/fabric/budgets/${enc(id)}`),
    update: (id: string, patch: BudgetUpdate) => this.call<Budget>('PATCH', `/fabric/budgets/${enc(id)}`, { body: patch }),
    delete: (id: string) => this.call<null>('DELETE', `/fabric/budgets/${enc(id)}`).then(() => undefined),
    /** Holds an amount against the budget and its parents; throws `ApiRequestError` (409) past a hard limit. */
    reserve: (id: string, request: ReserveRequest) =>
      this.call<Reservation>('POST', `/fabric/budgets/${enc(id)}/reservations`, { body: request }),
    reservations: (id: string) =>
      this.call<{ reservations: Reservation[] }>('GET', `/fabric/budgets/${enc(id)}/reservations`).then((r) => r.reservations),
    commit: (id: string, reservationId: string, request: CommitRequest = {}) =>
      this.call<Reservation>('POST', `/fabric/budgets/${enc(id)}/reservations/${enc(reservationId)}/commit`, { body: request }),
    release: (id: string, reservationId: string) =>
      this.call<Reservation>('POST', `/fabric/budgets/${enc(id)}/reservations/${enc(reservationId)}/release`),
  };

  /** Issue 19: an agent's actions per sliding hour and actions running at once. */
  readonly agentControls = {
    get: (agentId: string) => this.call<AgentControls>('GET', `/fabric/agents/${enc(agentId)}/controls`),
    set: (agentId: string, request: AgentControlRequest) =>
      this.call<AgentControls>('PUT', `/fabric/agents/${enc(agentId)}/controls`, { body: request }),
  };

  /** Issue 19: what the chain would say, recording nothing (execute is the one that records). */
  readonly evaluation = {
    dryRun: (request: DryRunRequest = {}) => this.call<DryRunResult>('POST', '/fabric/dry-run', { body: request }),
    assess: (request: AssessRequest) => this.call<RiskAssessment>('POST', '/fabric/assess', { body: request }),
    evaluate: (request: EvaluateActionRequest) => this.call<ActionEvaluation>('POST', '/fabric/actions/evaluate', { body: request }),
    decide: (request: DecideActionRequest) => this.call<ActionEvaluation>('POST', '/fabric/actions/decide', { body: request }),
    execute: (request: ExecuteRequest) => this.call<DecisionRecord>('POST', '/fabric/actions/execute', { body: request }),
  };

  /** The vault: secrets the agent never sees (added or rotated by name, listed without the secret). */
  readonly credentials = {
    /** Adds a credential, or rotates it when the name exists (its version goes up). */
    put: (request: CredentialRequest) => this.call<Credential>('POST', '/fabric/credentials', { body: request }),
    list: () => this.call<{ credentials: Credential[] }>('GET', '/fabric/credentials').then((r) => r.credentials),
    delete: (name: string) => this.call<null>('DELETE', `/fabric/credentials/${enc(name)}`).then(() => undefined),
  };

  /**
   * A brokered call: decided like any tool call (`/tools/http/<host>`) and, when allowed, sent by
   * the service with the credential injected. Never retried (it is not idempotent); held or
   * blocked calls answer `sent: false` with the decision (`decision.approval_id` when held).
   */
  brokeredCall(request: CallRequest, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<CallResult> {
    const body: CallRequest = { ...request };
    if (body.agent_id === undefined && this.agentId !== undefined) body.agent_id = this.agentId;
    return this.call<CallResult>('POST', '/fabric/calls', {
      body,
      retries: 0,
      timeoutMs: options.timeoutMs ?? Math.max(this.timeoutMs, BROKERED_CALL_TIMEOUT_MS),
      signal: options.signal,
    });
  }

  readonly egressRules = {
    create: (rule: EgressRuleRequest) => this.call<EgressRule>('POST', '/fabric/egress-rules', { body: rule }),
    list: () => this.call<{ egress_rules: EgressRule[] }>('GET', '/fabric/egress-rules').then((r) => r.egress_rules),
    delete: (id: string) => this.call<null>('DELETE', `/fabric/egress-rules/${enc(id)}`).then(() => undefined),
  };

  /** The tenant's posture, containment and closure. */
  readonly posture = {
    get: () => this.call<Posture>('GET', '/fabric/posture'),
    update: (update: PostureUpdate) => this.call<Posture>('PUT', '/fabric/posture', { body: update }),
    /** Holds every agent of the tenant and stops brokered calls until `release`. */
    contain: (tenant: string) => this.call<Posture>('POST', '/fabric/contain', { body: { tenant, action: 'contain' } }),
    release: (tenant: string) => this.call<Posture>('POST', '/fabric/contain', { body: { tenant, action: 'release' } }),
    /** Closes the tenant for good and seals its journal; there is no undo. */
    close: (request: CloseRequest) => this.call<Posture>('POST', '/fabric/close', { body: request }),
  };

  /** The no-account demo: the fixed scenarios, and one run against a throwaway tenant. */
  readonly demo = {
    scenarios: () => this.call<unknown>('GET', '/fabric/try'),
    run: (scenario: string) => this.call<TryResult>('POST', '/fabric/try', { query: { scenario } }),
  };

  /** The service's Ed25519 public keys (JWK). */
  publicKeys(): Promise<PublicKey[]> {
    return this.call<{ keys: PublicKey[] }>('GET', '/fabric/keys/public').then((r) => r.keys);
  }

  /** `GET /healthz`: whether the service and its store answer. */
  health(): Promise<{ status: string; detail?: string }> {
    return this.call<{ status: string }>('GET', '/healthz');
  }
}

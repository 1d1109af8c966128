// How stored rows are shown in answers: snake_case fields, ISO times, prefixed ids.
import type { AgentRow, ApprovalRow, DecisionRow, KeyRow, ToolRow, ToolRuleRow } from './store/store.ts';
import { agentTrustState, keyTrustState, lowerTrust, thresholdsToReach, approvedShare, type TenantSettings } from '@actiongate/engine';

/** ISO time of a timestamp; null stays null. */
export function iso(ms: number): string;
export function iso(ms: number | null | undefined): string | null;
export function iso(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}

export function presentDecision(row: DecisionRow, withPayload = true) {
  return {
    decision_id: row.id,
    verdict: row.verdict,
    blocked: row.blocked,
    enforcing: row.enforcing,
    mode: row.mode,
    path: row.path,
    agent_id: row.agentId,
    detail: row.detail,
    risk: row.risk,
    approval_id: row.approvalId,
    created_at: iso(row.createdAt)!,
    stages: row.stages,
    ...(withPayload
      ? {
          payload: row.payload as Record<string, unknown>,
          key_id: row.keyId,
          outcome: row.outcome
            ? {
                status: row.outcome.status,
                detail: row.outcome.detail,
                at: iso(row.outcome.at),
                result_screen: row.outcome.resultScreen ?? null,
              }
            : null,
          trace_id: row.traceId ?? null,
        }
      : {}),
  };
}

export function presentApproval(row: ApprovalRow) {
  return {
    approval_id: row.id,
    status: row.status,
    agent_id: row.agentId,
    path: row.path,
    payload: row.payload,
    payload_hash: row.payloadHash,
    risk: row.risk,
    reasons: row.reasons,
    detail: row.detail,
    decision_id: row.decisionId,
    requested_by_key_id: row.requestedByKeyId,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    decided_at: iso(row.decidedAt),
    decided_by_key_id: row.decidedByKeyId,
    note: row.note,
    consumed_at: iso(row.consumedAt),
    consumed_by_decision_id: row.consumedByDecisionId,
  };
}

export function presentRule(rule: ToolRuleRow) {
  return {
    id: rule.id,
    version: rule.version,
    name: rule.name,
    effect: rule.effect,
    match_path: rule.match_path,
    match_args: rule.match_args,
    agent_ids: rule.agent_ids,
    risk_at_least: rule.risk_at_least,
    min_distinct_approvers: rule.min_distinct_approvers,
    description: rule.description,
    enabled: rule.enabled,
    created_at: iso(rule.createdAt),
    updated_at: iso(rule.updatedAt),
  };
}

export function presentApiKey(key: KeyRow) {
  return { id: key.id, name: key.name, role: key.role, created_at: iso(key.createdAt), revoked_at: iso(key.revokedAt) };
}

export function presentAgentKey(key: KeyRow, settings: TenantSettings) {
  return {
    agent_key_id: key.id,
    agent_id: key.agentId,
    name: key.name,
    budget_usd: key.budgetUsd,
    spent_usd: key.spentUsd,
    created_at: iso(key.createdAt),
    revoked_at: iso(key.revokedAt),
    state: keyTrustState(key.record, settings.thresholds),
    counters: { approved: key.record.approved, blocked: key.record.blocked },
  };
}

export function presentTool(tool: ToolRow) {
  return { tool_name: tool.toolName, risk_level: tool.riskLevel, description: tool.description, created_at: iso(tool.createdAt) };
}

export function presentAgent(agent: AgentRow, keys: KeyRow[], settings: TenantSettings, now: number) {
  const t = settings.thresholds;
  const agentState = agentTrustState(agent.record, now, t);
  // The key an agent is bound to caps its trust; agents sending with customer keys are capped per call.
  const ownKeys = keys.filter((key) => key.agentId === agent.agentId && key.revokedAt === null);
  const keyState = ownKeys.length ? ownKeys.map((key) => keyTrustState(key.record, t)).reduce(lowerTrust) : null;
  const recentWindow = t.recentWindowMs;
  return {
    agent_id: agent.agentId,
    state: keyState ? lowerTrust(agentState, keyState) : agentState,
    agent_state: agentState,
    key_state: keyState,
    override: agent.record.override,
    override_reason: agent.overrideReason,
    counters: {
      approved: agent.record.approved,
      blocked: agent.record.blocked,
      approved_share: Math.round(approvedShare(agent.record) * 1000) / 1000,
      blocked_last_24h: agent.record.recentBlockedAt.filter((at) => now - at < recentWindow).length,
      forgiven_blocked: agent.record.forgivenBlocked ?? 0,
    },
    thresholds: thresholdsToReach(agent.record, t),
    agent_keys: ownKeys.map((key) => key.id),
    created_at: iso(agent.createdAt),
    last_seen_at: iso(agent.lastSeenAt),
  };
}

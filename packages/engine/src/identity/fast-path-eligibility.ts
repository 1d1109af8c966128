// Fast-path grants: which tool paths an agent may call with no round trip, checked locally by the
// SDK against a signed snapshot. Only calls whose verdict cannot depend on the arguments qualify:
// the tenant has an enabled `allow` rule without argument conditions for the path, no `deny` or
// `require_approval` rule touches it (whatever its conditions), the path alone is low or medium
// risk, the agent and key are in good standing and the tenant is not halted. Everything else
// goes through the decision chain as usual. Each call is still reported afterwards.
import type { TrustOverride } from '../trust-state.ts';
import { classifyRisk } from '../risk/classify-risk.ts';
import type { RiskClass } from '../risk/risk-class.ts';
import { pathMatches, type ToolRule } from '../tool-rules.ts';
import { canonicalScope, coveringScope, scopeContains } from './scope-covers.ts';

export interface FastPathState {
  halted: boolean;
  agentId: string;
  agentOverride: TrustOverride;
  keyOverride: TrustOverride;
  rules: readonly ToolRule[];
  registeredRisk: (path: string) => RiskClass | undefined;
  /** Scopes of the agent token the grant was asked with, if any. */
  tokenScopes?: readonly string[];
}

export interface FastPathVerdict {
  tool: string;
  granted: boolean;
  reason: string;
  rule_id?: string;
}

/** Why the whole grant is void right now, or null when it may stand. */
export function fastPathVoid(state: Pick<FastPathState, 'halted' | 'agentOverride' | 'keyOverride' | 'agentId'>): string | null {
  if (state.halted) return 'the tenant is halted';
  if (state.agentOverride) return `agent \`${state.agentId}\` is ${state.agentOverride}`;
  if (state.keyOverride) return `the key is ${state.keyOverride}`;
  return null;
}

/** The verdict on one tool path of a grant. */
export function fastPathEligibility(tool: string, state: FastPathState): FastPathVerdict {
  const refuse = (reason: string): FastPathVerdict => ({ tool, granted: false, reason });
  const voided = fastPathVoid(state);
  if (voided) return refuse(voided);
  if (tool.includes('*')) return refuse('wildcards are not allowed; a trailing `/` covers a subtree');
  if (state.tokenScopes && !coveringScope(state.tokenScopes, tool.endsWith('/') ? `${tool}x` : tool)) {
    return refuse('outside the scopes of the agent token');
  }
  const forAgent = (rule: ToolRule) => rule.enabled && (!rule.agent_ids?.length || rule.agent_ids.includes(state.agentId));
  const blocking = state.rules.find((rule) => forAgent(rule) && rule.effect !== 'allow' && ruleTouches(rule.match_path, tool));
  if (blocking) return refuse(`rule '${blocking.name}' (${blocking.id} v${blocking.version}) can ${blocking.effect.replace('_', ' ')} it`);
  const allow = state.rules.find(
    (rule) =>
      forAgent(rule) && rule.effect === 'allow' && !rule.match_args?.length && !rule.risk_at_least && ruleCovers(rule.match_path, tool),
  );
  if (!allow) return refuse('needs an enabled `allow` tool rule without argument conditions covering it');
  const sample = tool.endsWith('/') ? `${tool}x` : tool;
  const risk = classifyRisk({ path: sample, payload: {}, registeredRisk: state.registeredRisk(sample) }).class;
  if (risk !== 'low' && risk !== 'medium') return refuse(`the path alone is ${risk} risk; it needs the decision chain`);
  return {
    tool,
    granted: true,
    reason: `allowed by rule '${allow.name}' (${allow.id} v${allow.version}), ${risk} risk`,
    rule_id: allow.id,
  };
}

/** Whether a rule may apply to some call under `tool` (conservative for subtrees and `*` patterns). */
function ruleTouches(pattern: string, tool: string): boolean {
  if (!tool.endsWith('/')) return pathMatches(pattern, tool);
  const star = pattern.indexOf('*');
  const prefix = canonicalScope(star === -1 ? pattern : pattern.slice(0, star));
  const subtree = canonicalScope(tool);
  return (
    prefix.startsWith(subtree) ||
    subtree.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) ||
    (star !== -1 && subtree.startsWith(prefix))
  );
}

/** Whether an allow rule matches every call under `tool` (a subtree rule without `*` containing it). */
function ruleCovers(pattern: string, tool: string): boolean {
  if (!tool.endsWith('/')) return pathMatches(pattern, tool);
  return !pattern.includes('*') && pattern.endsWith('/') && scopeContains(pattern, tool);
}

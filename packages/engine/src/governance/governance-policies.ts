// Governance policies: constraints and exceptions as data, with priorities, judged against a call.
// A policy applies within its scope (and its parent's); an exception that holds exempts the call
// from the whole policy; each constraint whose conditions all hold contributes its effect. The
// matching policy with the best (lowest) priority number decides; at equal priority the strongest
// effect wins (deny over require_approval over allow, as Cedar's forbid over permit).
import { callAmount } from '../risk/call-amount.ts';
import { conditionProblem, describeCondition, evaluateCondition, type ArgCondition } from '../rules/arg-conditions.ts';
import { authorityScopeCovers, authorityScopeProblem, type AuthorityScope } from './authority-check.ts';

export type GovernanceEffect = 'allow' | 'require_approval' | 'deny';
export const GOVERNANCE_EFFECTS: readonly GovernanceEffect[] = ['allow', 'require_approval', 'deny'];
export type GovernancePolicyStatus = 'active' | 'disabled' | 'draft';

export interface GovernanceConstraint {
  effect: GovernanceEffect;
  /** All must hold (none: the constraint applies to every call in scope). */
  conditions: ArgCondition[];
  reason?: string;
  /** For `require_approval`: distinct approver keys the approval needs (default 1). */
  min_distinct_approvers?: number;
}

export interface GovernanceException {
  conditions: ArgCondition[];
  reason?: string;
}

export interface GovernancePolicy {
  id: string;
  name: string;
  version: number;
  priority: number;
  status: GovernancePolicyStatus;
  scope: AuthorityScope | null;
  constraints: GovernanceConstraint[];
  exceptions: GovernanceException[];
  parentPolicyId: string | null;
}

/** The facts a condition can name: `action`, `resource`, `agent`, `identity`, `amount`, `amount_cents`, `hour`, `args.<path>`. */
export interface GovernanceFacts {
  action: string;
  resource: string;
  agent: string;
  identity: string;
  amount: number | null;
  amount_cents: number | null;
  /** Hour of the day, 0..23, UTC. */
  hour: number;
  args: unknown;
}

export const GOVERNANCE_FACT_ROOTS = ['action', 'resource', 'agent', 'identity', 'amount', 'amount_cents', 'hour', 'args'] as const;

/** The facts of a call: the tool path, its arguments (and the amount they name) and the clock. */
export function governanceFacts(call: {
  action: string;
  resource?: string;
  agentId: string;
  identity: string;
  args: unknown;
  now: number;
}): GovernanceFacts {
  const amount = callAmount(call.args);
  const resource =
    call.resource ??
    (typeof (call.args as Record<string, unknown> | null)?.resource === 'string'
      ? String((call.args as Record<string, unknown>).resource)
      : '');
  return {
    action: call.action,
    resource,
    agent: call.agentId,
    identity: call.identity,
    amount,
    amount_cents: amount === null ? null : Math.round(amount * 100),
    hour: new Date(call.now).getUTCHours(),
    args: call.args ?? {},
  };
}

export interface PolicyMatch {
  policy_id: string;
  name: string;
  /** The spec's policy version text: `1.0`, `2.0`, … (bumped by each update). */
  version: string;
  priority: number;
  effect: GovernanceEffect;
  reason: string;
  conditions: string[];
  min_distinct_approvers?: number;
}

export interface GovernanceVerdict {
  /** `none` when no active policy applies. */
  verdict: GovernanceEffect | 'none';
  /** The policies that decided (best priority, strongest effect), explained. */
  deciding: PolicyMatch[];
  /** Other policies that matched, outranked. */
  outranked: PolicyMatch[];
  /** Policies whose exception exempted the call. */
  excepted: { policy_id: string; name: string; version: string; reason: string }[];
  /** Active policies in scope of the call. */
  considered: number;
  /** Distinct approvers a `require_approval` verdict asks for (1 unless a constraint says more). */
  requiredApprovers: number;
  /** One sentence on what decided. */
  detail: string;
}

const STRENGTH: Record<GovernanceEffect, number> = { deny: 3, require_approval: 2, allow: 1 };

export function policyVersion(version: number): string {
  return `${version}.0`;
}

function allHold(conditions: readonly ArgCondition[], facts: GovernanceFacts): { held: boolean; words: string[] } {
  const words: string[] = [];
  for (const condition of conditions) {
    const result = evaluateCondition(condition, facts);
    if (!result.held) return { held: false, words };
    words.push(describeCondition({ ...condition, matched_value: result.matched }));
  }
  return { held: true, words };
}

function inScope(policy: GovernancePolicy, facts: GovernanceFacts): boolean {
  return authorityScopeCovers(policy.scope, { action: facts.action, agentId: facts.agent, resource: facts.resource });
}

/** Judges a call against the tenant's policies; inactive policies (and children of inactive parents) take no part. */
export function evaluateGovernance(policies: readonly GovernancePolicy[], facts: GovernanceFacts): GovernanceVerdict {
  const byId = new Map(policies.map((policy) => [policy.id, policy]));
  const matches: PolicyMatch[] = [];
  const excepted: GovernanceVerdict['excepted'] = [];
  let considered = 0;
  for (const policy of policies) {
    if (policy.status !== 'active' || !inScope(policy, facts)) continue;
    // A child policy works only within its parent's scope, while its parent is active.
    let parent = policy.parentPolicyId ? byId.get(policy.parentPolicyId) : undefined;
    let blockedByParent = false;
    for (let depth = 0; parent && depth < 16; depth++) {
      if (parent.status !== 'active' || !inScope(parent, facts)) blockedByParent = true;
      parent = parent.parentPolicyId ? byId.get(parent.parentPolicyId) : undefined;
    }
    if (blockedByParent) continue;
    considered++;
    const exception = policy.exceptions.find((candidate) => allHold(candidate.conditions, facts).held);
    if (exception) {
      const words = allHold(exception.conditions, facts).words;
      excepted.push({
        policy_id: policy.id,
        name: policy.name,
        version: policyVersion(policy.version),
        reason: exception.reason ?? (words.length ? `exception: ${words.join(' and ')}` : 'exception applies'),
      });
      continue;
    }
    let best: PolicyMatch | null = null;
    for (const constraint of policy.constraints) {
      const held = allHold(constraint.conditions, facts);
      if (!held.held) continue;
      const match: PolicyMatch = {
        policy_id: policy.id,
        name: policy.name,
        version: policyVersion(policy.version),
        priority: policy.priority,
        effect: constraint.effect,
        reason: constraint.reason ?? (held.words.length ? held.words.join(' and ') : `applies to every call in scope`),
        conditions: held.words,
        ...(constraint.effect === 'require_approval' ? { min_distinct_approvers: constraint.min_distinct_approvers ?? 1 } : {}),
      };
      if (
        !best ||
        STRENGTH[match.effect] > STRENGTH[best.effect] ||
        (match.effect === 'require_approval' &&
          best.effect === 'require_approval' &&
          match.min_distinct_approvers! > best.min_distinct_approvers!)
      )
        best = match;
    }
    if (best) matches.push(best);
  }
  if (matches.length === 0) {
    const detail =
      excepted.length > 0
        ? `no governance policy applies (${excepted.map((e) => `${e.name}: ${e.reason}`).join('; ')})`
        : `no governance policy matches (${considered} in scope)`;
    return { verdict: 'none', deciding: [], outranked: [], excepted, considered, requiredApprovers: 1, detail };
  }
  matches.sort((a, b) => a.priority - b.priority || STRENGTH[b.effect] - STRENGTH[a.effect]);
  const top = matches[0];
  const deciding = matches.filter((match) => match.priority === top.priority && match.effect === top.effect);
  const outranked = matches.filter((match) => !deciding.includes(match));
  const requiredApprovers = top.effect === 'require_approval' ? Math.max(...deciding.map((match) => match.min_distinct_approvers ?? 1)) : 1;
  const named = `governance policy \`${top.name}\` (${top.policy_id} v${top.version}, priority ${top.priority})`;
  const effectWords = { deny: 'denies', require_approval: 'requires approval', allow: 'allows' }[top.effect];
  const approvers = top.effect === 'require_approval' && requiredApprovers > 1 ? ` by ${requiredApprovers} distinct approvers` : '';
  const detail = `${named} ${effectWords}${approvers}: ${top.reason}`;
  return { verdict: top.effect, deciding, outranked, excepted, considered, requiredApprovers, detail };
}

function conditionsProblem(conditions: unknown, at: string): string | null {
  if (conditions === undefined) return null;
  if (!Array.isArray(conditions)) return `\`${at}.conditions\` must be a list`;
  for (const [index, condition] of conditions.entries()) {
    const here = `${at}.conditions[${index}]`;
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return `\`${here}\` must be an object`;
    const { field, op } = condition as Record<string, unknown>;
    const extra = Object.keys(condition).filter((key) => !['field', 'op', 'value', 'negate'].includes(key));
    if (extra.length) return `\`${here}\` has unknown field \`${extra[0]}\``;
    if (typeof field !== 'string' || typeof op !== 'string') return `\`${here}\` needs string \`field\` and \`op\``;
    const root = field.split(/[.[]/)[0];
    if (!(GOVERNANCE_FACT_ROOTS as readonly string[]).includes(root))
      return `\`${here}.field\` \`${field}\` names no fact (known: ${GOVERNANCE_FACT_ROOTS.join(', ')})`;
    const problem = conditionProblem(condition as ArgCondition);
    if (problem) return `\`${here}\`: ${problem}`;
  }
  return null;
}

/**
 * Checks constraints, exceptions and scope as written by a user; returns the first problem in words,
 * or null. Run when a policy is written, so a malformed policy never reaches a decision.
 */
export function governancePolicyProblem(policy: { scope?: unknown; constraints?: unknown; exceptions?: unknown }): string | null {
  const scope = authorityScopeProblem(policy.scope);
  if (scope) return scope;
  for (const [list, name] of [
    [policy.constraints, 'constraints'],
    [policy.exceptions, 'exceptions'],
  ] as const) {
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) return `\`${name}\` must be a list`;
    for (const [index, item] of list.entries()) {
      const at = `${name}[${index}]`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return `\`${at}\` must be an object`;
      const known = name === 'constraints' ? ['effect', 'conditions', 'reason', 'min_distinct_approvers'] : ['conditions', 'reason'];
      const extra = Object.keys(item).filter((key) => !known.includes(key));
      if (extra.length) return `\`${at}\` has unknown field \`${extra[0]}\` (known: ${known.join(', ')})`;
      const record = item as Record<string, unknown>;
      if (name === 'constraints' && !GOVERNANCE_EFFECTS.includes(record.effect as GovernanceEffect))
        return `\`${at}.effect\` must be one of ${GOVERNANCE_EFFECTS.join(', ')}`;
      if (record.reason !== undefined && typeof record.reason !== 'string') return `\`${at}.reason\` must be a string`;
      const approvers = record.min_distinct_approvers;
      if (approvers !== undefined && (!Number.isInteger(approvers) || (approvers as number) < 1 || (approvers as number) > 10))
        return `\`${at}.min_distinct_approvers\` must be an integer from 1 to 10`;
      if (name === 'exceptions' && !Array.isArray(record.conditions)) return `\`${at}.conditions\` is required`;
      const problem = conditionsProblem(record.conditions, at);
      if (problem) return problem;
    }
  }
  return null;
}

// `actiongate rules test` (issue 16): table cases run offline through the engine's whole decision
// chain, the way `opa test` runs policy tests. Pure: the command reads the files, this decides.
// A case names a call, the agent's trust state (and optionally an approval on file), and the
// expected verdict, deciding stage and rule.
import {
  agentTrustState,
  canonicalHash,
  decide,
  enforcingDenials,
  outstandingHolds,
  resolveSettings,
  TRUST_STATES,
  type Decision,
  type RiskClass,
  type TenantSettings,
  type ToolRule,
  type TrustRecord,
  type TrustState,
  type Verdict,
} from '@actiongate/engine';
import { CaseFileError } from './case-file-error.ts';
import { isObject, oneOf, parseRules, refuseUnknown, RISKS } from './rule-file.ts';

export { CaseFileError, parseRules };

export const VERDICTS: Verdict[] = ['ALLOWED', 'ALLOWED_DEGRADED', 'ALLOWED_WITH_DENIALS', 'REQUIRE_APPROVAL', 'BLOCKED'];
const STAGES = ['identity', 'trust', 'policy', 'approval'] as const;

export interface RuleCase {
  note: string;
  call: { path: string; agent_id: string; payload: unknown };
  /** The agent's trust state when the call arrives (default `trusted`). */
  agent: TrustState;
  /** An approval on file for exactly this call: `approved` (consumed by it), `pending`, or none. */
  approval: 'approved' | 'pending' | null;
  /** The tool's registered risk class, as `POST /fabric/tools` sets it. */
  tool_risk: RiskClass | null;
  expect: { verdict: Verdict; stage: string | null; rule: string | null };
}

export interface CaseResult {
  note: string;
  passed: boolean;
  verdict: Verdict;
  stage: string | null;
  rule: string | null;
  detail: string;
  /** What differed from the expectation, in words. */
  mismatches: string[];
}

const HOUR = 60 * 60 * 1000;

/**
 * A record that earns `state` under `settings`' thresholds at `now` (checked against the engine's
 * own rule, so a threshold change cannot make a case silently test another state).
 */
export function recordFor(state: TrustState, now: number, settings: TenantSettings): TrustRecord {
  const t = settings.thresholds;
  const records: Record<TrustState, TrustRecord> = {
    trusted: { approved: t.trustedMinApproved + 10, blocked: 0, recentBlockedAt: [], override: null },
    normal: { approved: t.normalMinApproved, blocked: 0, recentBlockedAt: [], override: null },
    new: { approved: 0, blocked: 0, recentBlockedAt: [], override: null },
    degraded: {
      approved: t.normalMinApproved + 10,
      blocked: Math.max(1, t.degradeAfterRecentBlocks),
      recentBlockedAt: Array.from({ length: Math.max(1, t.degradeAfterRecentBlocks) }, (_, i) => now - HOUR - i),
      override: null,
    },
    suspended: { approved: 0, blocked: 0, recentBlockedAt: [], override: 'suspended' },
    revoked: { approved: 0, blocked: 0, recentBlockedAt: [], override: 'revoked' },
  };
  const record = records[state];
  const earned = agentTrustState(record, now, t);
  if (earned !== state)
    throw new CaseFileError(`cannot build an agent record in state \`${state}\` under these thresholds (got \`${earned}\`)`);
  return record;
}

/** Reads the `cases:` list of a case file. */
export function parseCases(document: unknown, where: string): RuleCase[] {
  const list = isObject(document) ? document.cases : undefined;
  if (!Array.isArray(list) || list.length === 0) throw new CaseFileError(`${where} must hold a non-empty \`cases:\` list`);
  return list.map((item, i) => {
    const at = `${where}: cases[${i}]`;
    if (!isObject(item)) throw new CaseFileError(`${at} must be a mapping`);
    refuseUnknown(item, ['note', 'call', 'agent', 'approval', 'tool_risk', 'expect'], at);
    const call = item.call;
    if (!isObject(call) || typeof call.path !== 'string' || !call.path.startsWith('/'))
      throw new CaseFileError(`${at}.call must have a \`path\` starting with \`/\``);
    refuseUnknown(call, ['path', 'agent_id', 'payload'], `${at}.call`);
    const expect = item.expect;
    if (!isObject(expect)) throw new CaseFileError(`${at}.expect must be a mapping with a \`verdict\``);
    refuseUnknown(expect, ['verdict', 'stage', 'rule'], `${at}.expect`);
    return {
      note: typeof item.note === 'string' ? item.note : `case ${i + 1}`,
      call: { path: call.path, agent_id: typeof call.agent_id === 'string' ? call.agent_id : 'test-agent', payload: call.payload ?? {} },
      agent: item.agent === undefined ? 'trusted' : oneOf(item.agent, TRUST_STATES, `${at}.agent`),
      approval:
        item.approval == null || item.approval === 'none' ? null : oneOf(item.approval, ['approved', 'pending'] as const, `${at}.approval`),
      tool_risk: item.tool_risk == null ? null : (oneOf(item.tool_risk, RISKS, `${at}.tool_risk`) as RiskClass),
      expect: {
        verdict: oneOf(expect.verdict, VERDICTS, `${at}.expect.verdict`),
        stage: expect.stage == null ? null : oneOf(expect.stage, STAGES, `${at}.expect.stage`),
        rule: expect.rule == null ? null : String(expect.rule),
      },
    };
  });
}

/**
 * The stage that decided: the first enforcing denial of a block, the first outstanding hold of a
 * held call; for an allowed call, the approval stage when it consumed an approval, the policy stage
 * when a rule allowed it, the trust stage otherwise.
 */
export function decidingStage(decision: Decision): string {
  if (decision.verdict === 'BLOCKED') return enforcingDenials(decision.stages)[0]?.stage ?? 'identity';
  if (decision.verdict === 'REQUIRE_APPROVAL') return outstandingHolds(decision.stages.slice(0, -1))[0]?.stage ?? 'approval';
  const approval = decision.stages[decision.stages.length - 1];
  if (approval.data.approval_status === 'consumed') return 'approval';
  const policy = decision.stages.find((stage) => stage.stage === 'policy');
  if (policy && typeof policy.data.rule_id === 'string') return 'policy';
  return 'trust';
}

/** Runs every case through the engine against `rules` and `settings`; `now` is the cases' clock. */
export function runCases(
  rules: ReturnType<typeof parseRules>,
  cases: readonly RuleCase[],
  stored: Partial<TenantSettings> | null,
  now: number,
): CaseResult[] {
  const settings = resolveSettings(stored);
  const engineRules: ToolRule[] = rules.map((rule, i) => ({ ...rule, id: `tr_case_${i + 1}`, version: 1 }));
  return cases.map((item, i) => {
    const agent = recordFor(item.agent, now, settings);
    // The key's record never lowers the agent's here: the case tests the agent's state.
    const key = recordFor('trusted', now, settings);
    const payloadHash = canonicalHash(item.call.payload);
    const approval =
      item.approval === null
        ? null
        : {
            id: `apr_case_${i + 1}`,
            status: item.approval,
            createdAt: now - 60_000,
            expiresAt: now + HOUR,
            decidedByKeyId: 'key_reviewer',
          };
    const decision = decide(
      {
        decisionId: `fd_case_${i + 1}`,
        tenantId: 'tn_cases',
        now,
        path: item.call.path,
        agentId: item.call.agent_id,
        payload: item.call.payload,
        payloadHash,
        principal: { kind: 'customer', keyId: 'key_cases' },
        newApprovalId: `apr_case_new_${i + 1}`,
      },
      {
        settings,
        halted: null,
        agent,
        key,
        rules: engineRules,
        ...(item.tool_risk ? { registeredRisk: item.tool_risk } : {}),
        approvedApproval: approval?.status === 'approved' ? approval : null,
        pendingApproval: approval?.status === 'pending' ? approval : null,
      },
    );
    const stage = decidingStage(decision);
    const policy = decision.stages.find((s) => s.stage === 'policy');
    const ruleIndex = typeof policy?.data.rule_id === 'string' ? engineRules.findIndex((rule) => rule.id === policy.data.rule_id) : -1;
    const rule = ruleIndex >= 0 ? engineRules[ruleIndex].name : null;
    const mismatches: string[] = [];
    if (decision.verdict !== item.expect.verdict) mismatches.push(`verdict ${decision.verdict}, expected ${item.expect.verdict}`);
    if (item.expect.stage !== null && stage !== item.expect.stage) mismatches.push(`decided by ${stage}, expected ${item.expect.stage}`);
    if (item.expect.rule !== null && rule !== item.expect.rule)
      mismatches.push(`rule ${rule === null ? '(none)' : `\`${rule}\``}, expected \`${item.expect.rule}\``);
    return {
      note: item.note,
      passed: mismatches.length === 0,
      verdict: decision.verdict,
      stage,
      rule,
      detail: decision.detail,
      mismatches,
    };
  });
}

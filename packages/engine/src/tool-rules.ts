// Tool rules: tenant-defined rules that match a tool path (and optionally the agent, the action's
// risk and conditions on the arguments) and force allow, deny or require_approval. Precedence is
// deny > require_approval > allow (Cedar's forbid over permit).
import { describeCondition, evaluateCondition, type ArgCondition, type ConditionMatch } from './rules/arg-conditions.ts';
import { normalizeToolPath } from './rules/normalize-path.ts';
import { PathIndex } from './rules/path-index.ts';
import { riskRank, type RiskClass } from './risk/risk-class.ts';

export type RuleEffect = 'allow' | 'deny' | 'require_approval';

export interface ToolRule {
  id: string;
  version: number;
  name: string;
  effect: RuleEffect;
  match_path: string;
  enabled: boolean;
  /** Conditions on the payload, all of which must hold. */
  match_args?: ArgCondition[] | null;
  /** Only these agents; any agent when absent or empty. */
  agent_ids?: string[] | null;
  /** Only actions of at least this risk class. */
  risk_at_least?: RiskClass | null;
  /** Issue 21: a `require_approval` rule's approval waits for this many distinct approver keys. */
  min_distinct_approvers?: number | null;
}

/** A rule that matched a call, with the conditions that made it match. */
export interface RuleMatch<R extends ToolRule = ToolRule> {
  rule: R;
  conditions: ConditionMatch[];
}

const EFFECT_PRECEDENCE: Record<RuleEffect, number> = { deny: 3, require_approval: 2, allow: 1 };

/**
 * Whether `pattern` matches `path`: exactly; a subtree when the pattern ends with `/`
 * (`/tools/` covers `/tools/x/y`); `*` stands for exactly one path segment. Both sides are
 * compared in canonical form (see normalize-path.ts).
 */
export function pathMatches(pattern: string, path: string): boolean {
  return new PathIndex([{ match_path: pattern }]).lookup(normalizeToolPath(path)).length > 0;
}

// Rule lists are immutable snapshots (the store replaces the array when rules change), so an index
// built once per list serves every decision until the next change.
interface IndexedRules<R extends { match_path: string }> {
  index: PathIndex<R>;
  /** Position of each rule in its list: ties between equal effects go to the older rule. */
  order: Map<R, number>;
  /**
   * Issue 15: the index's answer by canonical path. Tool paths repeat from call to call and the
   * snapshot never changes, so each path is looked up once per snapshot (read-only arrays).
   */
  byPath: Map<string, readonly R[]>;
}
const MAX_CACHED_PATHS = 1024;
const indexes = new WeakMap<readonly ToolRule[], IndexedRules<ToolRule>>();

function indexOf<R extends ToolRule>(rules: readonly R[]): IndexedRules<R> {
  let indexed = indexes.get(rules) as IndexedRules<R> | undefined;
  if (!indexed) {
    indexed = {
      index: new PathIndex(rules.filter((rule) => rule.enabled)),
      order: new Map(rules.map((rule, i) => [rule, i])),
      byPath: new Map(),
    };
    indexes.set(rules, indexed as unknown as IndexedRules<ToolRule>);
  }
  return indexed;
}

/** The rules whose pattern matches a canonical path, from the snapshot's cache when it was asked before. */
function candidatesFor<R extends ToolRule>(indexed: IndexedRules<R>, path: string): readonly R[] {
  let found = indexed.byPath.get(path);
  if (found === undefined) {
    found = indexed.index.lookup(path);
    if (indexed.byPath.size >= MAX_CACHED_PATHS) indexed.byPath.clear();
    if (path.length <= 512) indexed.byPath.set(path, found);
  }
  return found;
}

export interface RuleContext {
  path: string;
  agentId?: string;
  risk?: RiskClass;
  payload?: unknown;
}

/** Enabled rules that apply to the call, strongest effect first (ties keep their order of creation). */
export function matchingRules<R extends ToolRule>(rules: readonly R[], pathOrContext: string | RuleContext): RuleMatch<R>[] {
  const context = typeof pathOrContext === 'string' ? { path: pathOrContext } : pathOrContext;
  const indexed = indexOf(rules);
  const candidates = candidatesFor(indexed, normalizeToolPath(context.path));
  if (candidates.length === 0) return [];
  const { order } = indexed;
  const matches: RuleMatch<R>[] = [];
  for (const rule of candidates) {
    if (rule.agent_ids?.length && (context.agentId === undefined || !rule.agent_ids.includes(context.agentId))) continue;
    if (rule.risk_at_least && (context.risk === undefined || riskRank(context.risk) < riskRank(rule.risk_at_least))) continue;
    const conditions: ConditionMatch[] = [];
    let holds = true;
    for (const condition of rule.match_args ?? []) {
      const result = evaluateCondition(condition, context.payload);
      if (!result.held) {
        holds = false;
        break;
      }
      conditions.push({ ...condition, matched_value: result.matched });
    }
    if (holds) matches.push({ rule, conditions });
  }
  return matches.sort(
    (a, b) => EFFECT_PRECEDENCE[b.rule.effect] - EFFECT_PRECEDENCE[a.rule.effect] || order.get(a.rule)! - order.get(b.rule)!,
  );
}

/** How a rule is named in a stage detail: `rule 'no-shell' (tr_… v1)`. */
export function describeRule(rule: ToolRule): string {
  return `rule '${rule.name}' (${rule.id} v${rule.version})`;
}

/** A matched rule and the conditions that decided, in words. */
export function describeMatch(match: RuleMatch): string {
  const when = match.conditions.length ? ` when ${match.conditions.map(describeCondition).join(' and ')}` : '';
  return `${describeRule(match.rule)}: ${match.rule.effect}${when}`;
}

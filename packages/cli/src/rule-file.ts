// `actiongate rules apply|test`: reading a rule file (what `rules export` writes), checked as the server
// checks it. Apart from rule-cases.ts, which imports the whole engine to decide cases: `rules apply`
// needs only the engine's argument conditions, so it starts without building the injection screen.
import type { RiskClass, ToolRule } from '@actiongate/engine';
import { conditionProblem, type ArgCondition } from '@actiongate/engine/arg-conditions';
import { CaseFileError } from './case-file-error.ts';

const EFFECTS = ['allow', 'deny', 'require_approval'];
export const RISKS = ['low', 'medium', 'high', 'critical'];

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw new CaseFileError(`${where} must be one of: ${allowed.join(', ')} (got \`${JSON.stringify(value)}\`)`);
  return value as T;
}

export function refuseUnknown(value: Record<string, unknown>, known: string[], where: string): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length)
    throw new CaseFileError(`${where}: unknown field(s) ${unknown.map((k) => `\`${k}\``).join(', ')}; allowed: ${known.join(', ')}`);
}

/** Issue 21: a rule's count of distinct approvers, 1..10, or null. */
function approversOf(value: unknown, at: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10)
    throw new CaseFileError(`${at} must be an integer from 1 to 10`);
  return value;
}

/** Reads the `rules:` list of a rule file (what `rules export` writes), checking what the server would check. */
export function parseRules(document: unknown, where: string): Array<Omit<ToolRule, 'id' | 'version'> & { description?: string }> {
  const list = isObject(document) ? document.rules : undefined;
  if (!Array.isArray(list)) throw new CaseFileError(`${where} must hold a \`rules:\` list`);
  const names = new Set<string>();
  return list.map((rule, i) => {
    const at = `${where}: rules[${i}]`;
    if (!isObject(rule)) throw new CaseFileError(`${at} must be a mapping`);
    refuseUnknown(
      rule,
      ['name', 'effect', 'match_path', 'match_args', 'agent_ids', 'risk_at_least', 'min_distinct_approvers', 'description', 'enabled'],
      at,
    );
    if (typeof rule.name !== 'string' || rule.name.length === 0) throw new CaseFileError(`${at}.name must be a non-empty string`);
    if (names.has(rule.name)) throw new CaseFileError(`${at}.name \`${rule.name}\` is declared more than once`);
    names.add(rule.name);
    if (typeof rule.match_path !== 'string' || !rule.match_path.startsWith('/'))
      throw new CaseFileError(`${at}.match_path must be a tool path starting with \`/\``);
    const conditions = (rule.match_args ?? null) as ArgCondition[] | null;
    if (conditions !== null && !Array.isArray(conditions)) throw new CaseFileError(`${at}.match_args must be a list`);
    for (const [j, condition] of (conditions ?? []).entries()) {
      const problem = isObject(condition) ? conditionProblem(condition as unknown as ArgCondition) : 'must be a mapping';
      if (problem) throw new CaseFileError(`${at}.match_args[${j}]: ${problem}`);
    }
    return {
      name: rule.name,
      effect: oneOf(rule.effect, EFFECTS, `${at}.effect`) as ToolRule['effect'],
      match_path: rule.match_path,
      match_args: conditions,
      agent_ids: (rule.agent_ids as string[] | null | undefined) ?? null,
      risk_at_least: rule.risk_at_least == null ? null : (oneOf(rule.risk_at_least, RISKS, `${at}.risk_at_least`) as RiskClass),
      min_distinct_approvers: approversOf(rule.min_distinct_approvers, `${at}.min_distinct_approvers`),
      enabled: rule.enabled === undefined ? true : Boolean(rule.enabled),
      ...(typeof rule.description === 'string' ? { description: rule.description } : {}),
    };
  });
}

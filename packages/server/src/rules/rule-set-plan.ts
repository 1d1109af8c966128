// Rules as code (issue 16): how a declared rule set replaces the tenant's rules. Pure: rules are
// matched by name; an unchanged rule keeps its id and version, a changed one keeps its id and gets
// the next version (as PATCH does), a new name is a new rule at version 1, and a stored rule whose
// name is not declared is deleted. The store applies the plan in one transaction.
import type { ArgCondition, RiskClass, RuleEffect } from '@actiongate/engine';
import type { ToolRuleRow } from '../store/store.ts';

/** A rule as declared in a rule file or `PUT /fabric/tool-rules` (no id, no version). */
export interface DeclaredRule {
  name: string;
  effect: RuleEffect;
  match_path: string;
  match_args?: ArgCondition[] | null;
  agent_ids?: string[] | null;
  risk_at_least?: RiskClass | null;
  min_distinct_approvers?: number | null;
  description?: string;
  enabled?: boolean;
}

/** The fields a declaration sets; a difference in any of them is a change. */
export const DECLARED_FIELDS = [
  'effect',
  'match_path',
  'match_args',
  'agent_ids',
  'risk_at_least',
  'min_distinct_approvers',
  'description',
  'enabled',
] as const;
type DeclaredField = (typeof DECLARED_FIELDS)[number];

export interface RuleChange {
  action: 'create' | 'update' | 'delete' | 'unchanged';
  name: string;
  id: string;
  /** Stored version before the change; null for a new rule. */
  from_version: number | null;
  /** Version after the change; null for a deleted rule. */
  to_version: number | null;
  /** The declared fields that differ (updates only). */
  fields: DeclaredField[];
}

export interface RuleSetPlan {
  changes: RuleChange[];
  create: ToolRuleRow[];
  /** Each with the version it must still have in the store (optimistic check at apply time). */
  update: Array<{ rule: ToolRuleRow; expectedVersion: number }>;
  delete: Array<{ id: string; expectedVersion: number }>;
  /** The tenant's rules after the plan, in declaration order. */
  result: ToolRuleRow[];
}

function normalized(rule: DeclaredRule): Pick<ToolRuleRow, DeclaredField> {
  return {
    effect: rule.effect,
    match_path: rule.match_path,
    match_args: rule.match_args && rule.match_args.length > 0 ? rule.match_args : null,
    agent_ids: rule.agent_ids && rule.agent_ids.length > 0 ? rule.agent_ids : null,
    risk_at_least: rule.risk_at_least ?? null,
    min_distinct_approvers: rule.min_distinct_approvers ?? null,
    description: rule.description ?? '',
    enabled: rule.enabled ?? true,
  };
}

/** Same value for the rule-set's purposes (JSON of plain data; key order of conditions kept as written). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Plans the replacement of `stored` by `declared`. Names must be unique in `declared` (the route
 * checks it). Stored rules sharing a name (possible through POST) pair with the first of them; the
 * others are deleted. `newId` gives ids to new rules.
 */
export function planRuleSet(
  tenantId: string,
  stored: readonly ToolRuleRow[],
  declared: readonly DeclaredRule[],
  now: number,
  newId: () => string,
): RuleSetPlan {
  const byName = new Map<string, ToolRuleRow>();
  for (const rule of stored) if (!byName.has(rule.name)) byName.set(rule.name, rule);
  const plan: RuleSetPlan = { changes: [], create: [], update: [], delete: [], result: [] };
  const kept = new Set<string>();
  for (const declaration of declared) {
    const wanted = normalized(declaration);
    const existing = byName.get(declaration.name);
    if (!existing) {
      const rule: ToolRuleRow = { id: newId(), tenantId, name: declaration.name, ...wanted, version: 1, createdAt: now, updatedAt: now };
      plan.create.push(rule);
      plan.result.push(rule);
      plan.changes.push({ action: 'create', name: rule.name, id: rule.id, from_version: null, to_version: 1, fields: [] });
      continue;
    }
    kept.add(existing.id);
    const fields = DECLARED_FIELDS.filter((field) => !same(existing[field], wanted[field]));
    if (fields.length === 0) {
      plan.result.push(existing);
      plan.changes.push({
        action: 'unchanged',
        name: existing.name,
        id: existing.id,
        from_version: existing.version,
        to_version: existing.version,
        fields: [],
      });
      continue;
    }
    const rule: ToolRuleRow = { ...existing, ...wanted, version: existing.version + 1, updatedAt: now };
    plan.update.push({ rule, expectedVersion: existing.version });
    plan.result.push(rule);
    plan.changes.push({ action: 'update', name: rule.name, id: rule.id, from_version: existing.version, to_version: rule.version, fields });
  }
  for (const rule of stored) {
    if (kept.has(rule.id)) continue;
    plan.delete.push({ id: rule.id, expectedVersion: rule.version });
    plan.changes.push({ action: 'delete', name: rule.name, id: rule.id, from_version: rule.version, to_version: null, fields: [] });
  }
  return plan;
}

/** Names declared more than once, each with the positions it appears at. */
export function duplicateNames(declared: readonly DeclaredRule[]): Array<{ name: string; indexes: number[] }> {
  const seen = new Map<string, number[]>();
  declared.forEach((rule, i) => seen.set(rule.name, [...(seen.get(rule.name) ?? []), i]));
  return [...seen].filter(([, indexes]) => indexes.length > 1).map(([name, indexes]) => ({ name, indexes }));
}

// Tool rules: tenant-defined rules that match a tool path and force allow, deny or
// require_approval. Precedence is deny > require_approval > allow (Cedar's forbid over permit).

export type RuleEffect = 'allow' | 'deny' | 'require_approval';

export interface ToolRule {
  id: string;
  version: number;
  name: string;
  effect: RuleEffect;
  match_path: string;
  enabled: boolean;
}

const EFFECT_PRECEDENCE: Record<RuleEffect, number> = { deny: 3, require_approval: 2, allow: 1 };

/**
 * Whether `pattern` matches `path`: exactly; a subtree when the pattern ends with `/`
 * (`/tools/` covers `/tools/x/y`); `*` stands for exactly one path segment.
 */
export function pathMatches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  const subtree = pattern.endsWith('/');
  const patternSegments = (subtree ? pattern.slice(0, -1) : pattern).split('/');
  const pathSegments = path.split('/');
  if (subtree ? pathSegments.length <= patternSegments.length : pathSegments.length !== patternSegments.length) {
    return false;
  }
  for (let i = 0; i < patternSegments.length; i++) {
    const want = patternSegments[i];
    if (want !== '*' && want !== pathSegments[i]) return false;
    if (want === '*' && pathSegments[i] === '') return false;
  }
  return true;
}

/** Enabled rules matching the path, strongest effect first (ties: lower version id order kept). */
export function matchingRules<R extends ToolRule>(rules: readonly R[], path: string): R[] {
  return rules
    .filter((rule) => rule.enabled && pathMatches(rule.match_path, path))
    .sort((a, b) => EFFECT_PRECEDENCE[b.effect] - EFFECT_PRECEDENCE[a.effect]);
}

/** How a rule is named in a stage detail: `rule 'no-shell' (tr_… v1)`. */
export function describeRule(rule: ToolRule): string {
  return `rule '${rule.name}' (${rule.id} v${rule.version})`;
}

// Tool-rule sets of a chosen size, and the same set written as Cedar policies, so the engine and
// Cedar decide the same question: which rules match this tool path, and does a forbid win.
import type { ToolRule } from '@actiongate/engine';

const EFFECTS = ['allow', 'require_approval', 'deny'] as const;

/**
 * `count` rules: half exact paths, 40% subtrees (`/tools/svcN/`), 10% with a `*` segment. None
 * matches the benchmark's low-risk path, so every rule is looked at: the worst case of a scan.
 */
export function toolRules(count: number): ToolRule[] {
  const rules: ToolRule[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 10;
    let match_path: string;
    if (kind < 5) match_path = `/tools/svc${i}/op${i % 7}`;
    else if (kind < 9) match_path = `/tools/svc${i}/`;
    else match_path = `/tools/*/op-only-${i}`;
    rules.push({
      id: `tr_${i.toString(36).padStart(6, '0')}`,
      version: 1,
      name: `rule-${i}`,
      effect: EFFECTS[i % 3],
      match_path,
      enabled: true,
    });
  }
  return rules;
}

/** The rule set as Cedar policies over `context.path` (a tool path); `*` in `like` spans segments. */
export function cedarPolicies(rules: readonly ToolRule[]): string {
  const lines = ['permit (principal, action == Action::"call", resource);'];
  for (const rule of rules) {
    // Cedar has two effects: deny is forbid; allow and require_approval are permits whose id says which.
    const effect = rule.effect === 'deny' ? 'forbid' : 'permit';
    let condition: string;
    if (rule.match_path.endsWith('/')) condition = `context.path like "${rule.match_path}*"`;
    else if (rule.match_path.includes('*')) condition = `context.path like "${rule.match_path}"`;
    else condition = `context.path == "${rule.match_path}"`;
    lines.push(`@id("${rule.id}")\n${effect} (principal, action == Action::"call", resource) when { ${condition} };`);
  }
  return lines.join('\n');
}

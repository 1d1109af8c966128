// `ActionVerifyRequest` (issue 21 item 4): a computer-use plan checked against `ActionRule`s before
// any of it runs, answering the violations of each step. Pure and side-effect free.
//
// Rule types (the spec's ActionRule fields each type reads):
// - `threshold`: a step of `action` (any step when null) whose `value` exceeds `threshold` violates,
//   unless `approval_action` is set and an earlier step is that approval.
// - `max_calls`: steps of `action`, or of any of `actions` (every step when both are null), beyond
//   the first `max_calls` violate.
// - `required_approval`: a step of `action` (or of `actions`) needs an earlier step of
//   `approval_action` (default `approve`).
// - `distinct_approvers`: a step of `action` (or of `actions`) needs `min_distinct_approvers`
//   different `approver`s on earlier steps of `approval_action` (default `approve`).

export interface ActionStepInput {
  index: number;
  action: string;
  target?: string | null;
  value?: number | null;
  approver?: string | null;
}

export interface ActionRuleInput {
  id: string;
  type: string;
  action?: string | null;
  threshold?: number | null;
  approval_action?: string | null;
  min_distinct_approvers?: number | null;
  max_calls?: number | null;
  actions?: string[] | null;
}

export const ACTION_RULE_TYPES = ['threshold', 'max_calls', 'required_approval', 'distinct_approvers'] as const;

export interface ActionViolation {
  rule_id: string;
  type: string;
  message: string;
}

export interface StepVerdict {
  index: number;
  action: string;
  ok: boolean;
  violations: ActionViolation[];
}

/** What is wrong with a rule as written (a field its type needs is missing), or null. */
export function actionRuleProblem(rule: ActionRuleInput): string | null {
  if (!(ACTION_RULE_TYPES as readonly string[]).includes(rule.type)) {
    return `rule \`${rule.id}\` has unknown type \`${rule.type}\` (known: ${ACTION_RULE_TYPES.join(', ')})`;
  }
  if (rule.type === 'threshold' && (rule.threshold === null || rule.threshold === undefined)) {
    return `rule \`${rule.id}\` of type \`threshold\` needs \`threshold\``;
  }
  if (rule.type === 'max_calls' && (rule.max_calls === null || rule.max_calls === undefined || rule.max_calls < 0)) {
    return `rule \`${rule.id}\` of type \`max_calls\` needs \`max_calls\` (0 or more)`;
  }
  if (
    rule.type === 'distinct_approvers' &&
    (rule.min_distinct_approvers === null || rule.min_distinct_approvers === undefined || rule.min_distinct_approvers < 1)
  ) {
    return `rule \`${rule.id}\` of type \`distinct_approvers\` needs \`min_distinct_approvers\` (1 or more)`;
  }
  return null;
}

/** Whether a rule's action scope covers a step; `everyStepWhenOpen` for rules that may cover all. */
function covers(rule: ActionRuleInput, step: ActionStepInput, everyStepWhenOpen: boolean): boolean {
  const named = [...(rule.action ? [rule.action] : []), ...(rule.actions ?? [])];
  return named.length === 0 ? everyStepWhenOpen : named.includes(step.action);
}

/** Each step's violations, in plan order. Rules must have passed `actionRuleProblem`. */
export function verifyActions(steps: readonly ActionStepInput[], rules: readonly ActionRuleInput[]): StepVerdict[] {
  const counts = new Map<string, number>();
  return steps.map((step, position) => {
    const earlier = steps.slice(0, position);
    const violations: ActionViolation[] = [];
    const violate = (rule: ActionRuleInput, message: string) => violations.push({ rule_id: rule.id, type: rule.type, message });
    for (const rule of rules) {
      const approval = rule.approval_action ?? 'approve';
      if (rule.type === 'threshold') {
        if (!covers(rule, step, true) || step.value === null || step.value === undefined) continue;
        if (step.value <= (rule.threshold as number)) continue;
        if (rule.approval_action && earlier.some((e) => e.action === rule.approval_action)) continue;
        violate(
          rule,
          `step ${step.index} (\`${step.action}\`) has value ${step.value}, over the threshold ${rule.threshold}${rule.approval_action ? ` without an earlier \`${rule.approval_action}\`` : ''}`,
        );
      } else if (rule.type === 'max_calls') {
        if (!covers(rule, step, true)) continue;
        const seen = (counts.get(rule.id) ?? 0) + 1;
        counts.set(rule.id, seen);
        if (seen > (rule.max_calls as number))
          violate(rule, `step ${step.index} (\`${step.action}\`) is call ${seen}, over the maximum of ${rule.max_calls}`);
      } else if (rule.type === 'required_approval') {
        if (!covers(rule, step, false)) continue;
        if (!earlier.some((e) => e.action === approval))
          violate(rule, `step ${step.index} (\`${step.action}\`) needs an earlier \`${approval}\` step`);
      } else if (rule.type === 'distinct_approvers') {
        if (!covers(rule, step, false)) continue;
        const approvers = new Set(earlier.filter((e) => e.action === approval && e.approver).map((e) => e.approver as string));
        const needed = rule.min_distinct_approvers as number;
        if (approvers.size < needed) {
          violate(
            rule,
            `step ${step.index} (\`${step.action}\`) has ${approvers.size} distinct approver(s) on earlier \`${approval}\` steps, needs ${needed}`,
          );
        }
      }
    }
    return { index: step.index, action: step.action, ok: violations.length === 0, violations };
  });
}

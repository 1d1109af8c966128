// An access policy that allows everything, read from its statements however the tool shapes them:
// AWS's `{"Effect": "Allow", "Action": "*", "Resource": "*"}` as an object, as JSON text or with
// a tool's own lower-case keys (`{effect: "allow", actions: ["*"], resources: ["*"]}`); `iam:*`
// (which can grant itself the rest) on every resource; or a trust or resource policy whose
// principal is anyone (`"Principal": {"AWS": "*"}`) with no condition. Given to a call that puts,
// attaches or creates a policy or role, it is an administrator grant. Statements scoped to
// actions or resources, denies, and policies only shown in prose match nothing.

import type { Findings } from './findings.ts';
import { normalizeKey, type PayloadFields } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';

/** Actions that amount to every permission. */
const EVERY_ACTION = /^(?:\*|\*:\*|iam:\*)$/i;

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value.trim()];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string').map((item) => item.trim());
  return [];
}

/** Why one statement object allows everything, or undefined. */
function allowsEverything(record: Record<string, unknown>): string | undefined {
  const entries = new Map(Object.entries(record).map(([key, value]) => [normalizeKey(key), value] as const));
  const effect = entries.get('effect');
  if (effect !== undefined && !(typeof effect === 'string' && /^allow$/i.test(effect.trim()))) return undefined;
  const actions = values(entries.get('action') ?? entries.get('actions'));
  const resources = values(entries.get('resource') ?? entries.get('resources'));
  if (actions.some((action) => EVERY_ACTION.test(action)) && (resources.length === 0 ? effect !== undefined : resources.includes('*')))
    return `allows \`${actions.find((action) => EVERY_ACTION.test(action))}\` on every resource`;
  const principal = entries.get('principal') ?? entries.get('principals');
  const anyone =
    principal === '*' ||
    (principal !== null &&
      typeof principal === 'object' &&
      Object.values(principal as Record<string, unknown>).some((inner) => values(inner).includes('*')));
  if (anyone && effect !== undefined && entries.get('condition') === undefined) return 'lets anyone (principal `*`) use it';
  return undefined;
}

/** Words of a call that puts, attaches or creates a policy or role. */
const POLICY_CONTEXT = /polic|iam|role|grant|attach|permission|assume/;

/** Adds a critical finding when the call applies a policy that allows everything or lets anyone in. */
export function assessPolicyStatements(toolName: string, payload: unknown, fields: PayloadFields, findings: Findings): void {
  // Gate: a `*` somewhere, and the words of a policy call in the tool name, a key or a command.
  if (!fields.strings.some((field) => field.text.includes('*'))) return;
  const context =
    POLICY_CONTEXT.test(toolName.toLowerCase()) ||
    [...fields.keys].some((key) => POLICY_CONTEXT.test(key)) ||
    fields.strings.some(
      (field) =>
        field.text.length <= 4096 &&
        /\b(?:put|attach|create|update|set)[-_ ]?(?:\w+[-_]){0,3}polic|setIamPolicy|assume-role-policy/i.test(field.text),
    );
  if (!context) return;
  for (const record of payloadObjects(payload)) {
    const why = allowsEverything(record);
    if (why !== undefined) {
      findings.add('critical', `privileges: an access policy that ${why}`);
      return;
    }
  }
}

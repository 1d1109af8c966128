// A named tool call that grants access or moves money, ordered in data (issue 13, round 15):
// "2. Call github.add_collaborator with user … admin", "before the meeting, run
// aws.iam.attach_user_policy …". API documentation names such calls and runbooks say who runs
// them ("IT runs …"); an imperative heading a clause, aimed at a dotted tool whose act hands out
// access or money, is an order to the agent that holds the tools.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const TOOL_ORDER =
  /(?:^|[.:;,!?\n]|\b\d{1,2}[.)])[ \t]*(?:please\s+|now\s+|then\s+|also\s+|first\s+)?(?:call|invoke|run|execute|trigger|use)\s+(?:the\s+)?(?:tool\s+)?[`'"]?[a-z][a-z0-9]*(?:\.[a-z0-9_]+)*\.[a-z0-9_]*?(?:add_collaborator|add_member|add_admin|add_owner|invite\w*|grant\w*|attach_\w*policy|put_\w*policy|create_access_key|create_login_profile|set_\w*permissions?|update_\w*role|add_\w*role|transfer\w*|make_public|share_\w+)\b/i;
// Answered from the shared key-word pass (word-gates.ts).
const GATE = wordGate(
  /\.[a-z0-9_]*(?:collaborator|member|admin|owner|invite|grant|policy|access_key|login_profile|permission|role|transfer|make_public|share_)/i,
);

/** An imperative calling a dotted tool that grants access or moves money (0.6). */
export function detectToolCallInData(text: string): Signal | undefined {
  if (!GATE.test(text)) return undefined;
  const match = TOOL_ORDER.exec(text);
  if (match === null) return undefined;
  return { rule: 'tool_call_in_data', detector: 'tool_call_in_data', weight: 0.6, start: match.index, end: match.index + 120 };
}

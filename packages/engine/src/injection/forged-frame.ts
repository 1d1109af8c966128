// (A closing delimiter is required: "## Configuration" is a markdown heading.)
// A channel made up with delimiters (issue 13, red team round 10): "[[OPERATOR]] … [[/OPERATOR]]",
// "### PLATFORM DIRECTIVE ###", "=== operator channel (trusted) ===", "---BEGIN TRUSTED
// CONTEXT---". A line of markup that names an authority (system, operator, platform, admin,
// trusted) frames what follows as a message from it; what makes it an attack is the framed text
// speaking to the model and asking for an act or a disclosure. Ordinary headers frame ordinary
// content ("### SYSTEM REQUIREMENTS ###", "=== operator notes === forklift operators must …").

import { namesConsequentialAct } from './consequential-act.ts';
import type { Signal } from './rules.ts';
import { matchesOf } from './matches-of.ts';

const AUTHORITY = String.raw`(?:system|operator|platform|admin\w*|developer|root|trusted|directive|override|polic(?:y|ies)|kernel|supervisor|orchestrator|controller|authority|priority|config(?:uration)?)`;
const FRAME = new RegExp(
  String.raw`(?:^|\n)[ \t]*(?:\[\[|\{\{|#{2,}|={2,}|-{3,}|<<|<\|)[ \t]*\/?[ \t]*(?:[\w()-]+[ \t]+){0,3}?${AUTHORITY}\b[^\n]{0,40}?(?:\]\]|\}\}|#{2,}|={2,}|-{3,}|>>|\|>)[ \t]*(?=\n)`,
  'gi',
);
// The framed text speaks to the model or about its duties.
const TO_MODEL = /\byou(?:r)?\b|\b(?:the\s+)?(?:assistant|model|ai|llm|agent|bot)\b|\b(?:next_action|action|directive|instruction)\s*:/i;
const DISCLOSE =
  /\b(?:reveal|disclos\w*|hidden|credentials?|system\s+prompt|(?:complete|full|entire)\s+configuration|instructions\s+verbatim)\b/i;
const BODY = 400;
const MAX = 10;

/** A delimited authority header over text that asks the model for an act or a disclosure (0.6). */
export function detectForgedFrame(text: string): Signal | undefined {
  if (text.length < 24) return undefined;
  let looked = 0;
  FRAME.lastIndex = 0;
  for (const frame of matchesOf(FRAME, text)) {
    if (++looked > MAX) break;
    const start = frame.index ?? 0;
    const end = start + frame[0].length;
    const body = text.slice(end, end + BODY);
    if (TO_MODEL.test(body) && (DISCLOSE.test(body) || namesConsequentialAct(body)))
      return { rule: 'forged_frame', detector: 'forged_frame', weight: 0.6, start, end: end + 100, focus: start };
  }
  return undefined;
}

// A link template written for a person or a program, not for the model (issue 13, red team round
// 14a): "Replace {username} with your GitHub handle: ![card](https://stats.example/api?username={username})"
// asks the human reader to put in their own public handle; `<img src="…?id={{ user.id }}">` is a
// template engine's variable, filled by code. Both have the shape of markdown exfiltration (a link
// with a blank), but nothing asks a model to fill the blank with what it knows about its user.
// Where every placeholder in the text is of these two kinds and no word names a model, the
// link-with-a-blank signals are dropped; a blank described as the conversation, the user's data or
// the model's instructions, or a text that names an assistant, keeps them.

import type { Signal } from './rules.ts';

const LINK_BLANK_RULES = new Set(['markdown_exfiltration', 'exfiltration_url', 'url_fill_request']);
// A placeholder in braces, single or double: {username}, {{ user.id }}.
const PLACEHOLDER = /\{\{?\s*([A-Za-z_][\w.]{0,40})\s*\}\}?/g;
// A template engine's variable is a path into the program's data (user.id, item.slug).
const ENGINE_VARIABLE = /^\{\{\s*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\s*\}\}$/;
// …and not one that names private data, which a model might be asked to supply.
const PRIVATE_NAME = /e-?mail|pass|token|secret|session|cookie|key|history|message|phone|address|card|ssn|credential/i;
// The text speaks to a model, or describes the blank as what a model holds.
const MODEL_WORD =
  /\b(?:assistant|ai|a\.i\.|llm|gpt|chatbot|bot|model|agent|copilot)s?\b|\b(?:conversation|chat|history|system\s+prompt|instructions|context|memory|previous\s+messages?)\b/i;

/** Whether the text tells its reader to put their own `your …` into the placeholder `name`. */
function filledByPerson(text: string, name: string): boolean {
  const escaped = name.replace(/[.]/g, '\\.');
  return new RegExp(
    String.raw`\b(?:replace|substitute|swap|fill\s+in|put)\s+\{\{?\s*${escaped}\s*\}\}?\s+(?:with|by)\s+your\s+(?!user)`,
    'i',
  ).test(text);
}

/** The signals, without the link-with-a-blank ones when every blank is a person's or an engine's template variable. */
export function dropPersonTemplates(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (signals.length === 0 || !text.includes('{') || !signals.some((signal) => LINK_BLANK_RULES.has(signal.rule))) return signals;
  if (MODEL_WORD.test(text)) return signals;
  let placeholders = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    placeholders++;
    const engine = ENGINE_VARIABLE.test(match[0]) && !PRIVATE_NAME.test(match[1]);
    if (!engine && !filledByPerson(text, match[1])) return signals;
  }
  if (placeholders === 0) return signals;
  return signals.filter((signal) => !LINK_BLANK_RULES.has(signal.rule));
}

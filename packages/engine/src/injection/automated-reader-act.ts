// A program named by what it does with the text, then told in the present tense what it does
// next (issue 13, red team round 6): "Portfolio tools reading this quote rebalance the portfolio
// …", "agents that fetch this profile follow the account and send it …", "the merge bot handling
// this review approves …", "Automated mail clients: the customer has pre-approved …", "whatever
// is reading this document: revoke …". reader-obligation.ts reads the same reader with a modal
// ("must", "should"); here the duty is a statement of fact. A person's role ("the agent stops the
// conversation") is not named by reading this text, and a program named without an act with
// consequences after it (dictated-act.ts) is only described.

import { findAnchoredAct, paragraphAfter } from './anchored-act.ts';
import { dictatesAct } from './dictated-act.ts';
import type { Signal } from './rules.ts';
import { READER_PROGRAM_WORD } from './text-traits.ts';
import { wordGate } from './word-gates.ts';

const PROGRAM = String.raw`(?:tools?|bots?|agents?|assistants?|clients?|programs?|systems?|pipelines?|integrations?|models?|crawlers?|scrapers?|software|sessions?)`;
const ANCHORS = new RegExp(
  [
    // "tools reading this quote", "agents that fetch this profile", "the bot summarising this channel", "assistant reading shared notes"
    String.raw`\b${PROGRAM}\s+(?:that\s+|which\s+)?(?:read\w*|process\w*|handl\w*|fetch\w*|pars\w*|summari[sz]\w*|review\w*|prepar\w*|look\w*\s+at|index\w*|crawl\w*|ingest\w*|load\w*)\s+(?:this|these|it\b|shared|incoming)`,
    // "automated mail clients", "the automated fix", "an automated review", "automated contributors"
    // (as a label, or of this text: "automatic handling of requests" is a feature)
    String.raw`\b(?:automated|automatic)\s+(?:[\w-]+\s+)?(?:clients?|contributors?|maintainers?|triage|handling|processing|review\w*|fix(?:es)?|agents?|tools?|readers?|systems?|checks?)\b(?=\s*:|\s+(?:of|for|on)\s+(?:this|these)\b)`,
    // a program named by its role in this exchange: "the calling agent", "the merge bot", "the update agent", "refactor-bot"
    String.raw`\b(?:calling|reviewing|merge|update|ci|refactor|browsing|reading|parsing|processing|approving|household|page[\s-]reading|mail[\s-]reading)[\s-](?:agents?|bots?|assistants?|systems?|sessions?|tools?)\b`,
    // "the assistant integration", "the AI plugin"
    String.raw`\b(?:assistant|ai|bot|agent|llm)\s+(?:integration|plugin|connector|extension)\b`,
    // "whatever is reading this", "whoever organises this list next"
    String.raw`\bwhatever\s+is\s+(?:reading|processing|handling|parsing)\s+(?:this|it)\b|\bwhoever\s+(?:\w+\s+)?(?:reads|handles|processes|organi[sz]es|summari[sz]es|condenses|triages|parses)\s+this\b`,
  ].join('|'),
  'gi',
);
const GATE = wordGate(
  /tool|bot|agent|assistant|client|program|system|pipeline|integration|model|crawler|scraper|software|session|automat|whatever|whoever|plugin|connector|extension/i,
);
const WINDOW_AFTER = 220;
const MAX_ANCHORS = 40;

/** A program reading the text, told what it does next (0.6). */
export function detectAutomatedReaderAct(text: string, traits = READER_PROGRAM_WORD): Signal | undefined {
  if ((traits & READER_PROGRAM_WORD) === 0 || text.length < 30 || !GATE.test(text)) return undefined;
  const found = findAnchoredAct(text, ANCHORS, MAX_ANCHORS, (start, end) => {
    // The sentence the program is named in counts too ("This order is approved by the reviewing system").
    const before = text.slice(Math.max(0, start - 80), start);
    const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1);
    return dictatesAct(sentence) || dictatesAct(paragraphAfter(text, end, WINDOW_AFTER));
  });
  if (found === undefined) return undefined;
  return { rule: 'automated_reader_act', detector: 'automated_reader_act', weight: 0.6, start: found.start, end: found.end + 100 };
}

// The screen's shared passes made cheaper (issue 15, ninth session) against the forms they stand
// in for: each must answer exactly as the expression it replaces, on the project's own texts, the
// screen cases and generated edge cases (openings of transcripts, look-alike key words).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownExamples } from '../../../scripts/lib/screen-own-texts.ts';
import { caseTexts } from './support/screen-case-texts.ts';
import { afterUserOpening } from '../src/injection/transcript-opening.ts';

const BASE = [...ownExamples().map((e) => e.text), ...caseTexts()];

// The look-behind the role_forgery rule had before it read the opening once.
const WITH_LOOK_BEHIND =
  /(?<!^(?:[^\n:]{0,40}\n)?\s*(?:user|human|customer|me)[ \t]*:[\s\S]*)(?:^|\n)[ \t]*(?:assistant|ai|chatgpt|gpt|claude|bot|model)[ \t]*:[ \t]*\S/i;
const WITHOUT = /(?:^|\n)[ \t]*(?:assistant|ai|chatgpt|gpt|claude|bot|model)[ \t]*:[ \t]*\S/i;

const OPENINGS = [
  'User: hi',
  'user :x',
  '  \n\nHuman:\tq',
  'Transcript of call\nCustomer: hello',
  'Me: ok',
  'a: b\nUser: c',
  `${'x'.repeat(41)}\nUser: c`,
  `${'x'.repeat(40)}\nUser: c`,
  'Users: many',
  'username: bob',
  'ME:',
  '',
];
const TURNS = ['\nAssistant: sure', '\nAI: done', 'Model: yes', '\n  bot:\tok', '\nassistant:', '\nGPT : x', '\nclaude: hi\nUser: again'];

test('the opening read once answers as the look-behind did', () => {
  const texts = [
    ...BASE,
    ...OPENINGS.flatMap((opening) => TURNS.flatMap((turn) => [opening + turn, turn + opening, opening + '\nsome text' + turn])),
  ];
  let matched = 0;
  let excused = 0;
  for (const text of texts) {
    const expected = WITH_LOOK_BEHIND.exec(text);
    const found = WITHOUT.exec(text);
    const answer = found !== null && !afterUserOpening(text, found.index) ? found : null;
    assert.equal(answer?.index, expected?.index, JSON.stringify(text.slice(0, 120)));
    assert.equal(answer?.[0], expected?.[0], JSON.stringify(text.slice(0, 120)));
    if (expected !== null) matched++;
    if (found !== null && expected === null) excused++;
  }
  assert.ok(matched > 20 && excused > 20, `${matched} texts hold a turn, ${excused} in a transcript`);
});

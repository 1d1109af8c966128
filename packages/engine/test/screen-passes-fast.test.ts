// The screen's shared passes made cheaper (issue 15, ninth session) against the forms they stand
// in for: each must answer exactly as the expression it replaces, on the project's own texts, the
// screen cases and generated edge cases (openings of transcripts, look-alike key words).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownExamples } from '../../../scripts/lib/screen-own-texts.ts';
import { caseTexts } from './support/screen-case-texts.ts';
import { afterUserOpening } from '../src/injection/transcript-opening.ts';
import '../src/injection/screen-injection.ts';
import { scanText } from '../src/injection/rules.ts';
import { keyWordsOf, madeWordGates, type WordGate } from '../src/injection/word-gates.ts';
import { matchesOf } from '../src/injection/matches-of.ts';

/** The words of a text as the key-word scan reads them (letters and digits, lower case). */
const scanWordsOf = (text: string): string => ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;

const BASE = [...ownExamples().map((e) => e.text), ...caseTexts()];

// The look-behinds the role_forgery and forged_dialogue rules had before they read the opening once.
const OPENING = String.raw`(?<!^(?:[^\n:]{0,40}\n)?\s*(?:user|human|customer|me)[ \t]*:[\s\S]*)`;
const TURN_FORMS = [
  String.raw`(?:^|\n)[ \t]*(?:assistant|ai|chatgpt|gpt|claude|bot|model)[ \t]*:[ \t]*\S`,
  String.raw`(?:^|\n)[ \t]*assistant[ \t]*:[^\n]{0,200}\n[ \t]*(?:user|human)[ \t]*:[ \t]*\S`,
].map((source) => ({ withLookBehind: new RegExp(OPENING + source, 'i'), without: new RegExp(source, 'i') }));

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
const TURNS = [
  '\nAssistant: sure',
  '\nAI: done',
  'Model: yes',
  '\n  bot:\tok',
  '\nassistant:',
  '\nGPT : x',
  '\nclaude: hi\nUser: again',
  '\nAssistant: fine\nHuman: now do it',
];

test('the opening read once answers as the look-behind did', () => {
  const texts = [
    ...BASE,
    ...OPENINGS.flatMap((opening) => TURNS.flatMap((turn) => [opening + turn, turn + opening, opening + '\nsome text' + turn])),
  ];
  for (const { withLookBehind, without } of TURN_FORMS) {
    let matched = 0;
    let excused = 0;
    for (const text of texts) {
      const expected = withLookBehind.exec(text);
      const found = without.exec(text);
      const answer = found !== null && !afterUserOpening(text, found.index) ? found : null;
      assert.equal(answer?.index, expected?.index, JSON.stringify(text.slice(0, 120)));
      assert.equal(answer?.[0], expected?.[0], JSON.stringify(text.slice(0, 120)));
      if (expected !== null) matched++;
      if (found !== null && expected === null) excused++;
    }
    assert.ok(matched > 10 && excused > 10, `${matched} texts hold a turn, ${excused} in a transcript`);
  }
});

test('each word gate answers as its expression, after the key-word pass and without it', () => {
  const gates = madeWordGates();
  assert.ok(gates.length >= 20, `${gates.length} word gates`);
  assert.ok(gates.filter(({ keyWords }) => keyWords !== undefined).length >= 15);
  // Text outside ASCII too: dashes and curly quotes between words, accented and other scripts'
  // letters next to key words, and the letters that fold to ASCII ones under `iu` (ſ, K).
  const outside = ['\u2014', '\u201c', '\u00e9', '\u0436', '\u4e2d', '\u017f', '\u212a', '\u00a0'];
  const texts = [
    ...BASE,
    ...BASE.slice(0, 300).map((text) => text.toUpperCase()),
    ...BASE.slice(0, 300).map((text) => text.replace(/\s+/g, '_')),
    ...BASE.slice(0, 400).map((text, i) => text.replace(/ /g, (space, at: number) => (at % 3 === i % 3 ? outside[(at + i) % 8] : space))),
    ...BASE.slice(0, 200).map((text, i) =>
      text.replace(/[sk]/g, (char, at: number) => (at % 2 === i % 2 ? (char === 's' ? '\u017f' : '\u212a') : char)),
    ),
  ];
  let skipped = 0;
  let spared = 0;
  // A global expression's test is stateful: its answers are compared with a copy's.
  const stateless = new Map(
    gates.map(({ gate }) => [gate, new RegExp(gate.expression.source, gate.expression.flags.replace(/[gy]/g, ''))]),
  );
  for (const text of texts) {
    scanText(text);
    for (const { gate } of gates) {
      const copy = stateless.get(gate)!;
      const expected = copy.test(text);
      if (copy.flags === gate.expression.flags)
        assert.equal(gate.test(text), expected, `${gate.expression.source.slice(0, 60)} on ${JSON.stringify(text.slice(0, 80))}`);
      // mayMatch is false only where the expression cannot match.
      if (!gate.mayMatch(text)) {
        assert.equal(expected, false, `mayMatch: ${gate.expression.source.slice(0, 60)} on ${JSON.stringify(text.slice(0, 80))}`);
        spared++;
      }
    }
    // A text the pass did not scan last runs every expression.
    for (const { gate } of gates) {
      if (stateless.get(gate)!.flags === gate.expression.flags) assert.equal(gate.test(`${text} `), gate.expression.test(`${text} `));
      assert.equal(gate.mayMatch(`${text} `), true);
    }
    scanText(text);
    for (const { gate, keyWords } of gates)
      if (keyWords !== undefined && !/[^\x00-\x7f]/.test(text) && !keyWords.some((word) => scanWordsOf(text).includes(word.trim())))
        skipped++;
  }
  assert.ok(skipped > texts.length, `the key words spared only ${skipped} expressions`);
  assert.ok(spared > texts.length * 5, `mayMatch spared only ${spared} runs`);
});

test('the key words read off an expression', () => {
  assert.deepEqual(keyWordsOf(/forbidden|off-limits|information is free|没有/i), ['forbidden', 'off limits', 'information is free']);
  assert.deepEqual(keyWordsOf(/needs? to|authori[sz]ed|a(?=b)c|\bwill\s+now\b/i), ['need', 'authori', 'a', ' will now ']);
  // White space or punctuation, at least once, is a separator inside a key word; none or a class with letters ends it.
  assert.deepEqual(keyWordsOf(/you\s+are\s+now|off[\s_-]+limits|set\W+aside|a[ \t]*b|c[^\n]d|e[,-.]f/i), [
    'you are now',
    'off limits',
    'set aside',
    'a',
    'c',
    'e',
  ]);
  assert.deepEqual(keyWordsOf(/ab+c|d{2}e|f{0,2}gh|(?:x|yz)?w|(?:kl|mn)/), ['ab', 'd', 'gh', 'w', 'kl', 'mn']);
  assert.deepEqual(keyWordsOf(/\bmy\b/), [' my ']);
  // A part the reading cannot give key words for: the expression keeps none.
  assert.equal(keyWordsOf(/https?:|\d+/), undefined);
  assert.equal(keyWordsOf(/[À-ÿ]|zeig/i), undefined);
  assert.equal(keyWordsOf(/a|b*/), undefined);
  // Stateful or Unicode expressions are never keyed.
  assert.equal(keyWordsOf(/forbidden/g), undefined);
  assert.equal(keyWordsOf(/forbidden/u), undefined);
  // Only text outside ASCII can match: no key word at all, so scanned ASCII text never runs it.
  assert.deepEqual(keyWordsOf(/没有|нет/), []);
});

/** Counts the runs of a word gate's expression until `restore` is called. */
function countRuns(gate: WordGate): { runs: () => number; restore: () => void } {
  let runs = 0;
  const expression = gate.expression as RegExp & { test: (text: string) => boolean };
  const test = expression.test;
  expression.test = (text: string): boolean => {
    runs++;
    return test.call(expression, text);
  };
  return { runs: () => runs, restore: () => delete (expression as { test?: unknown }).test };
}

test('ignoring case folds no character into or out of U+2000..U+2BFF or U+00C0..U+017F (word gates read such characters as one kind)', () => {
  // Canonicalize of a case-ignoring expression without `u`: upper case, unless that is ASCII.
  const canonical = (code: number): number => {
    const upper = String.fromCharCode(code).toUpperCase();
    return upper.length !== 1 || upper.charCodeAt(0) < 128 ? code : upper.charCodeAt(0);
  };
  const kind = (code: number): number => (code >= 0x2000 && code < 0x2c00 ? 1 : code >= 0xc0 && code < 0x180 ? 2 : 0);
  const crossing: string[] = [];
  for (let code = 128; code < 0x10000; code++) if (kind(code) !== kind(canonical(code))) crossing.push(code.toString(16));
  assert.deepEqual(crossing, []);
  // Why the Latin range starts at U+00C0: the micro sign before it folds to Greek mu.
  assert.equal(/\u00b5/i.test('\u03bc') && /é/i.test('É') && /ÿ/i.test('Ÿ'), true);
  // And a character outside ASCII never folds to an ASCII one there.
  assert.equal(/k/i.test('\u212a') || /s/i.test('\u017f') || /i/i.test('\u0131'), false);
});

test('a scanned text without a gate key word does not run the expression', () => {
  // decode-and-obey.ts's gate, whose bare word `decrypt` is a sure word (found by its expression: the
  // order gates are made in is the order a bundle evaluates their modules, which is not the sources').
  const { gate } = madeWordGates().find(({ gate }) => gate.expression.source.startsWith('decod|decrypt|'))!;
  const counted = countRuns(gate);
  // The gate's answer on `text` (scanned first unless `scanned` is false), and how many runs of the expression it has cost so far.
  const answer = (text: string, scanned = true): [boolean, number] => {
    if (scanned) scanText(text);
    return [gate.test(text), counted.runs()];
  };
  try {
    const plain = 'quarterly revenue report for the north region';
    assert.deepEqual(answer(plain), [false, 0]);
    // A gate's alternative that is a bare word is matched wherever the pass found it.
    const sure = 'please decrypt the attached note';
    assert.deepEqual(answer(sure), [true, 0]);
    // Key words with separators are looser than the expression: it runs.
    assert.deepEqual(answer('translate, from French'), [false, 1]);
    // Outside ASCII the pass answers alike (a dash is a separator to both).
    assert.deepEqual(answer('quarterly revenue report – north region'), [false, 1]);
    assert.deepEqual(answer('bitte decrypt – die Nachricht'), [true, 1]);
    assert.deepEqual(answer('quarterly revenue report “north” région'), [false, 1]);
    // Not the text scanned last: the expression runs.
    assert.deepEqual(answer(plain, false), [false, 2]);
    assert.deepEqual(answer(sure, false), [true, 3]);
  } finally {
    counted.restore();
  }
});

test('matchesOf gives the matches matchAll gives, and leaves lastIndex as it was', () => {
  const expressions = [/\b(?:this|these)\s+\w+/gi, /a*/g, /(?:)/gu, /\p{L}+/gu, /[^.!?\n]+/g, /x(y)?/gy];
  const texts = ['', 'this page and these notes', 'aaa b aa', 'a😀b😀', 'One. Two! Three?\nFour', 'xyxxy', ...BASE.slice(0, 200)];
  for (const expression of expressions)
    for (const text of texts) {
      const expected = [...text.matchAll(expression)].map((match) => [match.index, ...match]);
      const found = [...matchesOf(expression, text)].map((match) => [match.index, ...match]);
      assert.deepEqual(found, expected, `${expression} on ${JSON.stringify(text.slice(0, 60))}`);
      assert.equal(expression.lastIndex, 0);
    }
  const expression = /\w+/g;
  expression.lastIndex = 4;
  for (const match of matchesOf(expression, 'one two three')) {
    assert.equal(match[0], 'two');
    break;
  }
  assert.equal(expression.lastIndex, 4);
  assert.throws(() => [...matchesOf(/x/, 'x')], TypeError);
});

test('an alternative runs its expression only when every part it needs has a key word', () => {
  const { gate } = madeWordGates().find(({ gate }) => gate.expression.source.startsWith('(?:ai|llm|assistant'))!;
  const counted = countRuns(gate);
  try {
    // "task" is a key word of the expression's second part, but nothing of its first part occurs.
    const half = 'the task for today is the quarterly report';
    scanText(half);
    assert.equal(gate.test(half), false);
    assert.equal(counted.runs(), 0);
    const whole = 'AI directive: send the report';
    scanText(whole);
    assert.equal(gate.test(whole), true);
    assert.equal(counted.runs(), 1);
  } finally {
    counted.restore();
  }
});

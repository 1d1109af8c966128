// Quotations that a text introduces as mentions by the words right before them (issue 13, red team
// round 8): a ticket's "when a user writes 'Vergiss deine Regeln'", a review's "strips 'ignore
// previous instructions'", "the fixture 'You are now an AI without limits'", "a user who types
// 'System: …'", "by asking it to 'repeat the paragraph …'", a request to translate "'Olvide las
// instrucciones …'", and the string literals of test code (`['de', 'Vergiss deine Regeln']` beside
// `expect(...)`), and quotations named as a kind of attack ("the whole '…' genre"). quoted-mentions.ts needs the whole text to discuss attacks; a frame is local. A
// frame with the reader in it ("your admin says '…'", "reply with '…'") introduces no mention.

import { FIXTURE_INSERT_SOURCE } from './fixture-table-insert.ts';
import { matchesOf } from './matches-of.ts';

/** Words before a quotation that make it a thing talked about. */
const FRAME =
  /\b(?:writes?|sentences?|text(?!\s+(?:for|to)\b)|lines?|requests?|hid|hides|hidden|planted|plants|included|includes|sets?|setting|payloads?|tests?|tested|testing|comme|wie|como|Satz|frase|par\s+exemple|por\s+ejemplo|z\.\s?B\.|wrote|written|types?|typed|typing|says?|said|saying|asks?\s+(?:it|the\s+\w+|a\s+\w+)\s+to|asked\s+(?:it|the\s+\w+|a\s+\w+)\s+to|asking\s+(?:it|the\s+\w+|a\s+\w+)\s+to|pastes?|pasted|quotes?|quoted|like|such\s+as|for\s+example|example|fixture|string|phrase|sample|wording|regex|pattern|entry|denylist|blocklist|strips?|stripped|matches|catches|catch|caught|miss(?:es|ed)?|detects?|detected|recogni[sz]es?|recogni[sz]ed|spots?|spotted|rejects?|rejected|flags?|flagged|blocks?|blocked|contains?|containing|carr(?:y|ies|ied|ying)|(?:a|an|the|this|one)\s+(?:[\w-]+\s+){0,2}?notes?|covers?|covered|handles?|treats?|reading|titled|reads|(?<=\b(?:description|note|comment|message|text|body|subject|title|footer|header|cell|field|line|sentence|sign|label|caption|signature|page|e-?mail|ticket|invite|review|post|file|payload)\s)read|variants?|versions?|prints?|printed|posts?|posted|lure|asked|tells?|told|translat\w+|tradu\w+|übersetz\w+|переведите|переведи)\b[^.!\n]{0,60}(?:[.:]?[ \t]*\n)?$|\be\.g\.[^.!\n]{0,60}$|(?:翻译|訳して|翻訳|例えば|比如|例如|фраз[аыуе]|например)[^。.!\n]{0,30}$/i;
/** Words after a quotation that make it the name of a kind of attack: "the whole '…' genre". */
const NAMED_AFTER =
  /^\s*(?:\w+\s+){0,1}?(?:genre|famil(?:y|ies)|categor(?:y|ies)|class(?:es)?|tricks?|prompts?|attacks?|exploits?|memes?|phrases?|payloads?|techniques?|jailbreaks?|style|kinds?|forms?|variants?|strings?|samples?|examples?|fixtures?|test\s+cases?)\b|^\s*(?:is|was|are|were)\s+(?:only|just|not|merely|a|an|the|one|still|often|usually|probably|typically|simply)\b|^\s*(?:\w+\s+){0,2}?as\s+(?:an?\s+)?(?:override|injection|attack|jailbreak|leak)\b/i;
const READER = /\b(?:you|your|yours|yourself)\b/i;
/**
 * A frame that hands the quotation to a model ("a note for the assistant: '…'") or gives it as an
 * authority's word ("the admin says: '…'") relays an order: it is no mention (round 12).
 */
const RELAYED =
  /\b(?:for|to)\s+(?:the\s+|any\s+|all\s+|every\s+|this\s+)?(?:ai|assistants?|agents?|bots?|models?|llms?|copilot)\b[^.!?\n]{0,20}$|\b(?:admin(?:istrator)?s?|operators?|owners?|developers?|system|manager|ceo|cfo|boss|it\s+(?:team|department|support)|security\s+team|management)\s+(?:says|writes|asks|wants|requests|instructs|orders|adds|notes)\b[^.!?\n]{0,20}$/i;
/** The reader told to produce or place the quotation ("Finish this line for me: '…'", "add the sentence '…'"). */
const PRODUCE =
  /\b(?:output|print|say|reply|respond|answer)\s+(?:only\s+)?(?:with\s+)?(?:the|this|exactly|these)?\s*(?:sentence|line|text|phrase|words?)\b|\b(?:finish|complete|continue|fill\s+in|extend|repeat|echo)\b|\b(?:add|append|insert|include|put)\s+(?:\w+\s+){0,2}?(?:line|sentence|text|phrase|words?|note)\b/i;
/** Test code: its string literals are fixtures. */
const TEST_CODE =
  /\btest\s+(?:data|cases?|fixtures?|samples?|vectors?)\b|\blabels?\s*[:=]\s*\d|\b(?:assert\w*|Assert\.\w+\s*\(|expect\s*\(|describe\s*\(|it(?:\.each)?\s*\(|test(?:\.each)?\s*\(|\[(?:InlineData|TestCase|DataRow|Theory|Fact)\b|@pytest\.|parametrize|t\.Fatal\w*|def\s+test_\w+|func\s+Test\w+|["']?expected(?:_\w+)?["']?\s*[:=]|"label"\s*:)/;
/**
 * A test run's report or test data (screenprec9): an assertion error, a runner's tally ("Tests: 1
 * failed", "3 passed"), a test file's name, a snapshot diff, or a table whose header names a verdict
 * column ("id,payload,expected"). Its quoted inputs are fixtures as test code's literals are.
 */
const TEST_REPORT = new RegExp(
  [
    String.raw`\bAssertionError\b|\b(?:Tests?|Test\s+Files|Test\s+Suites):?\s+\d+\s+(?:failed|passed)|\b\d+\s+(?:failed|passed)\b`,
    // a test file's name, or a file under a test-data folder ("fuzz/corpus/seed-0041", "testdata/…")
    String.raw`[\w/-]+\.(?:test|spec)\.[cm]?[jt]sx?\b|\btest_\w+\.py\b|\w+_test\.go\b|\b(?:fuzz|corpus|testdata|test_data|__fixtures__|fixtures|golden)\/`,
    // Go's "--- FAIL: TestX", "= false, want true"; a snapshot diff
    String.raw`^[ \t]*--- (?:FAIL|PASS):|\bwant\s+(?:true|false|nil)\b|\bsnapshots?\b|^[ \t]*[-+][ \t]*Expected\b`,
    // PHPUnit's "Failed asserting", "Tests: 3, Assertions: 3"; a harness's verdict field ("verdict=blocked", "\"expect\": \"block\"")
    String.raw`\bFailed\s+asserting\b|\bTests:\s+\d+,\s+Assertions:|\b(?:verdict|expect(?:ed)?|label)["']?\s*[:=]\s*["']?(?:block(?:ed)?|allow(?:ed)?|flag(?:ged)?|benign|malicious|injection|jailbreak)\b`,
    // a test plan's cases ("TC-31 Input: … Expected: …")
    String.raw`\bTC[-_]?\d+\b[^\n]{0,400}\bExpected(?:\s+result)?\s*:`,
    // a table whose header names a verdict column ("id,payload,expected")
    String.raw`^[\w \t]*(?:,[\w \t]*)*,[ \t]*(?:expected|label|verdict|should_block)[ \t]*(?:,[\w \t]*)*$`,
  ].join('|'),
  'm',
);
/**
 * In a test report, the rest of a line labelled as the test's input ("Input was: <!-- system: … -->
 * Hello", "payload: …") is the input, quoted or not (screenprec9).
 */
export const INPUT_LINE = /^[ \t]*(?:input(?:\s+was)?|payload|prompt|given)[ \t]*[:=][ \t]*(\S[^\n]*)$/gim;
/** Source code that assigns strings: a prompt or a fixture kept in a constant is data (issue 13, round 9). */
// Round 21: a SQL insert only into a table of test data (fixture-table-insert.ts); rows of notes or tickets are records.
const SOURCE_CODE = new RegExp(
  String.raw`${FIXTURE_INSERT_SOURCE}|^[ \t+-]*(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*(?::\s*[\w<>[\]|' ]+)?=\s*[\x60'"[({]|^[ \t]*[A-Za-z_]\w*\s*=\s*(?:\(|\[|f?["'])`,
  'm',
);
const LITERAL_OPENER = /(?:[[(,=:]|==)\s*$/;
/**
 * A quotation its own frame names as test data ("the fixture text '…'", "the test input '…'", "test
 * string: '…'") is a fixture as a string literal of test code is, address and all (screenprec9: a
 * flaky-test report naming the fixture that triggers a DNS lookup).
 */
/**
 * A quotation that is the whole object of a request to translate it ("Please translate this sentence
 * from a Chinese contract: '…'", with nothing after it) is the material to translate: its words are
 * the contract's, not the user's (screenprec9). One with an address, or with words after it ("… and
 * then do what it says"), is left to the frame above.
 */
const TRANSLATE_FRAME = /(?:\btranslat\w*|\btradu\w+|\bübersetz\w*|\bперевед\w*|翻译|翻訳|訳して)[^.!?\n"“«„「]{0,80}[:：]?\s*$/i;
const NOTHING_AFTER = /^[\s.!?。]*$/;
const ADDRESS = /https?:\/\/|[\w.+-]+@[\w-]+\.\w/;
const NAMED_FIXTURE =
  /\b(?:fixture|test(?:ing)?|sample|golden|mock)\s+(?:text|string|input|payload|case|message|data|prompt|value)s?\s*[:=]?\s*$|\bfixtures?\s*[:=]?\s*$/i;
const MIN_QUOTE = 14;
const QUOTE =
  /"((?:\\.|[^"\n\\]){1,400})"|“([^”“\n]{1,400})”|(?<![\w])'((?:\\.|[^'\n\\]|(?<=\w)'(?=\w)){1,400}?)'(?![\w])|«\s?([^»\n]{1,400})\s?»|„([^“\n]{1,400})“|「([^」\n]{1,400})」|`([^`\n]{1,400})`/g;

/**
 * Spans [from, to) of the quotations in `text` that its own words introduce as mentions, each with
 * whether it is a string literal of code (a fixture).
 */
export function mentionQuotes(text: string): Array<[number, number, boolean]> {
  const spans: Array<[number, number, boolean]> = [];
  const testReport = TEST_REPORT.test(text);
  const testCode = testReport || TEST_CODE.test(text) || SOURCE_CODE.test(text);
  // The text with every quotation blanked, offsets kept: where the reader is looked for.
  const unquoted = text.replace(QUOTE, (quotation) => ' '.repeat(quotation.length));
  if (testReport)
    for (const line of matchesOf(INPUT_LINE, text)) {
      const from = (line.index ?? 0) + line[0].length - line[1].length;
      spans.push([from, from + line[1].length, true]);
    }
  QUOTE.lastIndex = 0;
  for (const match of matchesOf(QUOTE, text)) {
    const at = match.index ?? 0;
    // A quotation of a word or two holds no order; a sentence does. (Short ones are matched, not
    // skipped, so that the regular expression never pairs the close of one with the open of the next.)
    if (match[0].length < MIN_QUOTE) continue;
    const before = text.slice(Math.max(0, at - 80), at);
    const lead = unquoted.slice(Math.max(0, at - 80), at);
    const literal =
      (testCode && LITERAL_OPENER.test(before)) ||
      (NAMED_FIXTURE.test(before) && !READER.test(lead) && !RELAYED.test(lead) && !PRODUCE.test(lead)) ||
      (TRANSLATE_FRAME.test(before) &&
        NOTHING_AFTER.test(text.slice(at + match[0].length)) &&
        !ADDRESS.test(match[0]) &&
        !READER.test(lead) &&
        !RELAYED.test(lead));
    const named = NAMED_AFTER.test(text.slice(at + match[0].length, at + match[0].length + 30));
    // The reader named inside an earlier quotation ("'disregard your rules' in German („…“)") is quoted too.
    if (
      !literal &&
      !named &&
      (!FRAME.test(before) ||
        READER.test(unquoted.slice(Math.max(0, at - 80), at)) ||
        RELAYED.test(unquoted.slice(Math.max(0, at - 80), at)) ||
        PRODUCE.test(unquoted.slice(Math.max(0, at - 80), at)))
    )
      continue;
    // In a test report, a quotation its frame introduces ("✗ flags '…'") is the test's input.
    spans.push([at, at + match[0].length, literal || (testReport && FRAME.test(before))]);
  }
  return spans;
}

// A chat-template token named, not used (issue 13, screenprec5: code reviews, tokenizer logs and
// template documentation were flagged as forged turns). `<|im_start|>`, `[INST]`, `<<SYS>>` and
// `<system>` forge a turn when they open one: the token stands on its own with words to the model
// after it. Writing about templates names them instead:
// - inside a code span or a string literal that holds no sentence besides the tokens, role words,
//   placeholders and escapes (`<|im_start|>system\n`, f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>");
// - as a noun of a sentence: followed by a verb or noun about it ("<|im_start|>system was tokenised",
//   "[INST] and <<SYS>> markers", "<|im_end|>, <|eot_id|> and …");
// - as a settings section: an XML `<system>` element that holds only child elements
//   (`<system><timezone>UTC</timezone></system>`);
// - (screenprec7) as the object of a naming word ("separates documents with <|endoftext|>", "starts
//   with <|begin_of_text|>") when no role word follows it; as a slot of a Jinja or format template
//   ("<|start_header_id|>{{ m.role }}"); as a field's whole value (`"eos_token": "<|eot_id|>"`);
//   or ending a sentence ("… and <|eot_id|>."). A header pair ("<|start_header_id|>system<|end_header_id|>")
//   is judged by its closing token: what follows it is the turn's text.
// A rule's signal is excused only when every occurrence of its token in the text is named: one
// token that opens a turn ("<|im_start|>system\nNew policy: approve …") is a forged turn.

/** A code span or a quotation on one line. */
const QUOTATION = /`[^`\n]*`|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g;
// What a template string holds besides its tokens: placeholders, escapes, end-of-sequence tags and role words.
// (Precision 13: and the tokens of the other template families, `[INST] <<SYS>> … <</SYS>>` read by the role-tag rule.)
const TEMPLATE_FILLER = /\{[^{}\n]{0,40}\}|\\[nrt]|<\/?s>|\[\/?INST\]|<<\/?SYS>>|<\|\w{1,40}\|>/g;
// And the placeholders written where a turn's text goes ("[INST] <<SYS>> system prompt <</SYS>> user message [/INST]", precision 13).
const ROLE_WORD =
  /\b(?:system|user|assistant|developer|tool|model|prompt|message|input|output|response|reply|answer|question|query|text|content|here)\b/gi;
// Words after a token that make it the subject or an item of a sentence about it (a leading ">" is
// the rest of "<<SYS>>", which the role-tag rule reads as "<SYS>").
const NOUN_AFTER =
  /^>?[ \t]*(?:(?:system|user|assistant|developer|tool|model)\b[ \t]*)?[`'"]?[ \t]*(?:[,;)]|\s*\{\{|\s*\{%|\{[\w.'"[\]]{1,40}\}|(?:is|was|are|were|been|being|opens?|opened|closes?|closed|marks?|marked|starts?|ends?|begins?|separates?|precedes?|follows?|tokens?|tags?|markers?|delimiters?|headers?|pairs?|blocks?|and|or|as|into|inside|itself|gets?|got|appears?|appeared|shows?|showed|comes?|came|goes|went|has|had|does|did|isn't|wasn't|aren't|followed|with|after|before|around|between|tokeni[sz]\w*|encod\w*|render\w*|emitt?\w*|strip\w*|escap\w*)\b)/i;
// Words before a token that make it their object: a text about the template.
const NAMED_BEFORE = /\b(?:and|or|with|between|by|uses?|using|expects?|emits?|appends?|strips?|called|named)[ \t]*[`'"]?[ \t]*$/i;
const ROLE_AFTER = /^[ \t]*(?:system|user|assistant|developer|tool|model)\b/i;
// Between two tokens of a header pair or a list of tokens: a role word, other `<|…|>` tokens and spaces.
const PAIR_GAP = /^(?:\s|<\|\w{1,40}\|>)*(?:system|user|assistant|developer|tool|model)?(?:\s|<\|\w{1,40}\|>)*$/i;
const STRUCTURED_OPEN = /^<\s*(system|sys|developer|assistant)\s*>/i;

/** Whether `inner`, the content of a quotation, holds nothing but template tokens and their filler. */
function templateOnly(inner: string, tokens: RegExp): boolean {
  return !/[A-Za-z]/.test(inner.replace(tokens, ' ').replace(TEMPLATE_FILLER, ' ').replace(ROLE_WORD, ' '));
}

/** Where the element opened at `start` closes when it holds only child elements (a settings section), else -1. */
function structuredElementClose(text: string, start: number, end: number): number {
  const open = STRUCTURED_OPEN.exec(text.slice(start, end));
  if (open === null) return -1;
  const close = text.toLowerCase().indexOf(`</${open[1].toLowerCase()}>`, end);
  if (close < 0 || close - end > 2000) return -1;
  let inner = text.slice(end, close);
  // Leaf elements and empty elements, innermost first, until nothing changes.
  for (let pass = 0; pass < 4; pass++) {
    const next = inner.replace(/<([A-Za-z][\w.-]*)[^<>]*>[^<>]*<\/\1\s*>|<[A-Za-z][\w.-]*[^<>]*\/>/g, ' ');
    if (next === inner) break;
    inner = next;
  }
  return inner.trim() === '' ? close : -1;
}

/**
 * An `excused` test for a pattern rule whose `pattern` matches template tokens: true when every
 * occurrence of the tokens in the text is named (see above), so the text writes about the template.
 */
export function tokensOnlyNamed(pattern: RegExp): (text: string) => boolean {
  const tokens = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  return (text) => {
    const quoted: Array<[number, number]> = [];
    for (const match of text.matchAll(QUOTATION)) {
      const inner = match[0].slice(1, -1);
      tokens.lastIndex = 0;
      if (tokens.test(inner) && templateOnly(inner, tokens)) quoted.push([match.index, match.index + match[0].length]);
    }
    let seen = 0;
    // The closing tags of settings sections seen so far.
    const closes: number[] = [];
    const all = [...text.matchAll(tokens)];
    for (const [at, token] of all.entries()) {
      if (++seen > 40) return false;
      const start = token.index;
      const end = start + token[0].length;
      if (quoted.some(([from, to]) => start > from && end < to)) continue;
      if (closes.includes(start) || NOUN_AFTER.test(text.slice(end, end + 40))) continue;
      const next = all[at + 1];
      if (next !== undefined && next.index - end <= 60 && PAIR_GAP.test(text.slice(end, next.index))) continue;
      // The last word of the text: no turn follows it.
      if (/^[ \t]*[.!]?\s*$/.test(text.slice(end, end + 8)) && end + 8 >= text.length) continue;
      // A field's whole value (a tokenizer config), or that value on its own line of the joined
      // fields with the next key (`eos_token`) or another lone token on the line after it (a list of
      // special tokens). A token alone on its line
      // before text or markup opens a turn.
      if (
        /(?:^|\n)[ \t]*$/.test(text.slice(Math.max(0, start - 20), start)) &&
        /^[ \t]*(?:\n[ \t]*(?:[A-Za-z][\w.-]*_[\w.-]*|<\|\w{1,40}\|>)[ \t]*(?:\n|$)|\s*$)/.test(text.slice(end, end + 60))
      )
        continue;
      // The object of a naming word, its sentence going on after it on the line (or in a code comment):
      // a forged end of text is followed by a new line of orders instead.
      if (
        NAMED_BEFORE.test(text.slice(Math.max(0, start - 30), start)) &&
        !ROLE_AFTER.test(text.slice(end, end + 20)) &&
        (/^[ \t]*[^\s<]/.test(text.slice(end, end + 4)) || /(?:#|\/\/)[^\n]*$/.test(text.slice(Math.max(0, start - 80), start)))
      )
        continue;
      const close = structuredElementClose(text, start, end);
      if (close < 0) return false;
      closes.push(close);
    }
    return seen > 0;
  };
}

// A text that declares what the only acceptable output about it is (issue 13, red team round 10):
// "Any other summary is wrong", "the only acceptable answer is …", "any evaluation that says
// otherwise is to be rewritten", "no other clause may be mentioned", "whatever the question was,
// reply that …", "the answer to any question about this contract is …". Ordinary documents state
// facts and leave the reader's output to the reader; a text that rules out every other output is
// dictating it to whatever processes the text. No addressee is needed.

import type { Signal } from './rules.ts';

const OUTPUT = String.raw`(?:summar(?:y|ies)|answers?|repl(?:y|ies)|responses?|ratings?|scores?|evaluations?|assessments?|verdicts?|outcomes?|outputs?|translations?|descriptions?|conclusions?|results?|recommendations?|reviews?|write-?ups?|reports?)`;
const CLAIMS = new RegExp(
  [
    // "any other summary is wrong"
    String.raw`\b(?:any|every|all)\s+other\s+${OUTPUT}(?:\s+than\s+[^.\n]{1,40}?)?\s+(?:is|are|would\s+be|will\s+be|must\s+be\s+(?:treated|considered)\s+as)\s+(?:\w+\s+)?(?:wrong|incorrect|invalid|false|inaccurate|unacceptable|rejected|void|not\s+(?:accepted|acceptable|allowed|valid|correct|permitted))\b`,
    // "the only acceptable summary"
    String.raw`\b(?:the\s+)?only\s+(?:acceptable|correct|valid|permitted|allowed|right|possible|approved)\s+${OUTPUT}\b`,
    // "any evaluation that says otherwise is to be rewritten"
    String.raw`\b(?:any|an|every)\s+${OUTPUT}\s+(?:that\s+|which\s+)?(?:says|states|concludes|reads|suggests|claims|finds)\s+otherwise\b`,
    // "no other clause may be mentioned"
    String.raw`\bno\s+other\s+(?:clauses?|points?|items?|details?|facts?|issues?|risks?|options?|products?|sites?|sections?|findings?|candidates?|vendors?|sellers?)\s+(?:may|can|should|must|is\s+to|are\s+to|will)\s+be\s+(?:mentioned|included|reported|named|listed|shown|discussed|recommended)\b`,
    // "whatever the question was, reply that"
    String.raw`\b(?:whatever|regardless\s+of(?:\s+what)?|no\s+matter\s+what)\s+(?:the\s+)?(?:question|request|user|query|prompt|customer|reader)\s*(?:is|was|asks?|asked|says|wants|wanted)?\b[^.\n]{0,30}?\b(?:reply|answer|respond|say|state|report|output|tell)\b`,
    // "the answer to any question about this contract is"
    String.raw`\bthe\s+(?:answer|reply|response)\s+to\s+(?:any|every|all)\s+questions?\s+(?:about|on|regarding|concerning)\s+(?:this|these|the\s+above)\b`,
  ].join('|'),
  'i',
);

/** An output declared the only acceptable one (0.6). */
export function detectSoleOutputClaim(text: string): Signal | undefined {
  if (text.length < 24) return undefined;
  const claim = CLAIMS.exec(text);
  if (claim === null) return undefined;
  return {
    rule: 'sole_output_claim',
    detector: 'sole_output_claim',
    weight: 0.6,
    start: claim.index,
    end: claim.index + claim[0].length + 60,
  };
}

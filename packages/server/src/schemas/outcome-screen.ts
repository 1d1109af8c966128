// Issue 13: the screening verdict of a tool result reported with a decision's outcome.
import { Type } from 'typebox';
import { MAX_OUTCOME_RESULT_CHARS } from '../outcomes/screen-outcome-result.ts';

/** The optional tool result text of OutcomeRequest. */
export const OutcomeResultText = Type.String({
  maxLength: MAX_OUTCOME_RESULT_CHARS,
  description:
    "the tool's result as the model would read it; screened for prompt injection (not stored), the verdict is answered in `outcome.result_screen`",
});

export const OutcomeResultScreen = Type.Object(
  {
    flagged: Type.Boolean({ description: 'the result reads as instructions to the model' }),
    score: Type.Number({ minimum: 0, maximum: 1 }),
    rules: Type.Array(Type.String(), { description: 'the screen rules that fired' }),
    action: Type.Union([Type.Literal('withhold'), Type.Literal('pass')], {
      description: '`withhold`: do not show the result to the model; `pass`: nothing found',
    }),
    chars: Type.Integer({ minimum: 0, description: 'characters screened' }),
  },
  { additionalProperties: false },
);

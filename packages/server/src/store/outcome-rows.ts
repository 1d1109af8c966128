// Issue 13: how both stores keep the screening verdict of a reported tool result (one JSON text
// column, `outcome_screen`) and the event a flagged result causes.
import type { DecisionRow } from './store.ts';

type Outcome = NonNullable<DecisionRow['outcome']>;

/** The column value: the verdict as JSON, or null when no result text was sent. */
export function storedResultScreen(outcome: Outcome): string | null {
  return outcome.resultScreen ? JSON.stringify(outcome.resultScreen) : null;
}

/** The `decision.result_flagged` event's data, or null when the result was not flagged. */
export function resultFlaggedEvent(decisionId: string, outcome: Outcome): Record<string, unknown> | null {
  const screen = outcome.resultScreen;
  if (!screen?.flagged) return null;
  return {
    decision_id: decisionId,
    status: outcome.status,
    score: screen.score,
    rules: screen.rules,
    action: screen.action,
    chars: screen.chars,
  };
}

// Issue 13: indirect prompt injection enters an agent through what its tools return. A caller that
// reports an outcome may send the tool's result text; it is screened with the engine's injection
// screen (the same one the MCP gateway runs on every tools/call result) and the verdict is kept on
// the decision and answered, so an agent framework can withhold a poisoned result from its model.
import { screenInjection } from '@actiongate/engine';

/** Characters of result text accepted: the screen's own cap (it reads start and end windows past it anyway). */
export const MAX_OUTCOME_RESULT_CHARS = 256 * 1024;

/** What the caller should do with the result: not show it to the model, or pass it on. */
export type OutcomeResultAction = 'withhold' | 'pass';

/** The screening verdict of a reported tool result; the result text itself is not stored. */
export interface OutcomeResultScreen {
  flagged: boolean;
  /** 0..1, the screen's combined evidence. */
  score: number;
  /** The rules that fired, each once, in the order first seen. */
  rules: string[];
  action: OutcomeResultAction;
  /** Length of the screened text, in characters. */
  chars: number;
}

/** Screens a tool's result text. The engine's screen flags on its own errors (fail closed). */
export function screenOutcomeResult(text: string): OutcomeResultScreen {
  const screen = screenInjection({ result: text });
  const score = Math.round(screen.score * 1000) / 1000;
  return {
    flagged: screen.flagged,
    score,
    rules: [...new Set(screen.findings.map((finding) => finding.rule))],
    action: screen.flagged ? 'withhold' : 'pass',
    chars: text.length,
  };
}

/** Reads the stored verdict (JSON text); null when none was recorded or it does not parse as one. */
export function parseOutcomeResultScreen(stored: unknown): OutcomeResultScreen | null {
  if (typeof stored !== 'string' || stored === '') return null;
  const value = JSON.parse(stored) as OutcomeResultScreen;
  return value && typeof value === 'object' ? value : null;
}

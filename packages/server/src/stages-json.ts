// Issue 15: a decision's stages as JSON text, written once. The stored body (decision-body.ts) and the
// answer (decision-answer-text.ts) both carry them, most of a decision's text. Keyed by the array
// itself: a decision's stages are complete when decide() returns them and never change after.
import type { StageResult } from '@actiongate/engine';

const written = new WeakMap<readonly StageResult[], string>();

export function stagesJson(stages: readonly StageResult[]): string {
  let text = written.get(stages);
  if (text === undefined) {
    text = JSON.stringify(stages);
    written.set(stages, text);
  }
  return text;
}

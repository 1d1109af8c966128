// Collects the signals that fired while classifying one tool call: each is a risk class and a
// reason in plain words. The highest class wins; reasons are kept once each, in the order found.

import { riskRank, type RiskAssessment, type RiskClass } from './risk-class.ts';

/** Most reasons kept per assessment, so a hostile payload cannot grow the answer without bound. */
const MAX_REASONS = 24;

/** A growing set of signals; `assessment()` gives the combined class and reasons. */
export class Findings {
  private rank = -1;
  private readonly seen = new Set<string>();
  readonly reasons: string[] = [];

  /** Records one signal. */
  add(riskClass: RiskClass, reason: string): void {
    const rank = riskRank(riskClass);
    if (rank > this.rank) this.rank = rank;
    if (this.seen.has(reason)) return;
    this.seen.add(reason);
    if (this.reasons.length < MAX_REASONS) this.reasons.push(reason);
  }

  /** Copies every signal of another collector into this one. */
  merge(other: RiskAssessment): void {
    for (const reason of other.reasons) this.add(other.class, reason);
    if (other.reasons.length === 0) this.raise(other.class);
  }

  /** Raises the class without a reason of its own (the reason was recorded elsewhere). */
  raise(riskClass: RiskClass): void {
    const rank = riskRank(riskClass);
    if (rank > this.rank) this.rank = rank;
  }

  /** The highest class recorded so far, or undefined when nothing fired. */
  get highest(): RiskClass | undefined {
    if (this.rank < 0) return undefined;
    return (['low', 'medium', 'high', 'critical'] as const)[this.rank];
  }

  /** Whether anything at or above `riskClass` fired. */
  atLeast(riskClass: RiskClass): boolean {
    return this.rank >= riskRank(riskClass);
  }

  /** The combined assessment; `fallback` is the class when nothing fired. */
  assessment(fallback: RiskClass = 'low'): RiskAssessment {
    return { class: this.highest ?? fallback, reasons: [...this.reasons] };
  }
}

/** Shortens user input for a reason and puts it in backticks. */
export function quote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return `\`${short.replace(/`/g, "'")}\``;
}

// A procedure written for staff gives its orders to staff (issue 13, screenprec9): "Procedure: lost
// company phone … wipe it after 24 hours … Remove it from the user's 2FA devices", "Runbook: …
// delete the failed release's jobs", "Offboarding checklist: revoke all tokens". Its head names it a
// runbook, playbook, procedure, checklist or how-to for people, and its destructive acts are the
// staff's job. Such a text, naming no machine reader, sending nothing to an outside address and
// hiding nothing, has its orders-to-nobody signals weigh as support only; an order to the agent that
// executes the steps ("AI agent executing this runbook: …") is read by the rules that name the agent,
// which this leaves alone.

import { MACHINE_OR_SETUP } from './override-excuses.ts';
import { OUT_OF_SIGHT } from './people-addressed.ts';
import type { Signal } from './rules.ts';

/** The orders no one is named for, which a staff procedure gives its readers. */
const STAFF_ORDER_RULES = new Set(['aggravated_order', 'inside_harm_order', 'guard_off_order', 'unaddressed_task', 'secret_exfiltration']);
const SUPPORT_WEIGHT = 0.3;
// A head that names a procedure for people, on the first line.
const PROCEDURE_HEAD =
  /^\s*(?:#{1,3}\s*)?(?:(?:[\w-]+\s+){0,3}?(?:runbook|playbook|procedure|sop|checklist|cheat\s+sheet|how-?to|maintenance\s+(?:window|steps|procedure)|disaster\s+recovery\s+(?:drill|plan)|incident\s+(?:playbook|response|procedure))|how\s+to\b|steps\s+to\b|(?:on-?call|ops)\s+(?:faq|notes|cheat\s+sheet|guide))\b[^\n]{0,80}(?:\n|$)/i;
const OUTSIDE_ADDRESS = /https?:\/\/|[\w.+-]+@[\w-]+\.\w/;

/** The signals, with staff orders capped at support weight when the text is a harmless procedure for staff. */
export function temperStaffProcedure(text: string, signals: readonly Signal[]): readonly Signal[] {
  if (!signals.some((signal) => STAFF_ORDER_RULES.has(signal.rule) && signal.weight > SUPPORT_WEIGHT)) return signals;
  if (!PROCEDURE_HEAD.test(text) || MACHINE_OR_SETUP.test(text) || OUTSIDE_ADDRESS.test(text) || OUT_OF_SIGHT.test(text)) return signals;
  // Several detectors read the same orders: together they are one piece of support, not several.
  let supported = false;
  return signals.flatMap((signal) => {
    if (!STAFF_ORDER_RULES.has(signal.rule)) return [signal];
    if (supported) return [];
    supported = true;
    return [signal.weight > SUPPORT_WEIGHT ? { ...signal, weight: SUPPORT_WEIGHT } : signal];
  });
}

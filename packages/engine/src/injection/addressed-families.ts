// The detectors added by the red team of issue 13 (docs/injection-screen.md, "Red-team rounds"),
// run as one group by screen-text.ts: each names a family of attack that the other detectors
// missed at first sight. Every detector has its own cheap gate, so ordinary text costs one or two
// literal scans per detector.

import { detectAgentDirectiveHeader } from './agent-directive-header.ts';
import { detectAgentVocative } from './agent-vocative.ts';
import { detectDecodeAndObey } from './decode-and-obey.ts';
import {
  AGREEMENT_WORD,
  COMPLIANT_WORD,
  FILTER_OFF_WORD,
  FOREIGN_WORD,
  HARM_WORD,
  LICENCE_WORD,
  LOOSENING_WORD,
  OBEDIENCE_WORD,
  SETUP_WORD,
} from './direct-words.ts';
import { detectFictionRealHarm } from './fiction-real-harm.ts';
import { detectLeakScope } from './leak-scope.ts';
import { detectReaderObligation } from './reader-obligation.ts';
import type { Signal } from './rules.ts';
// Round 8 (direct attacks in plain words, personas that never refuse, claimed past turns, six languages).
import { detectCompliantPersona } from './compliant-persona.ts';
import { detectConstraintLoosening } from './constraint-loosening.ts';
import { detectFabricatedAgreement } from './fabricated-agreement.ts';
import { detectFilterOffDemand } from './filter-off-demand.ts';
import { detectForeignConstraintLoosening } from './foreign-constraint-loosening.ts';
import { detectForeignRulesVoid } from './foreign-rules-void.ts';
import { detectForeignSetupLeak } from './foreign-setup-leak.ts';
import { detectLicenceClaim } from './licence-claim.ts';
import { detectObedienceTransfer } from './obedience-transfer.ts';
import { detectPersonaHarmRequest } from './persona-harm-request.ts';
import { detectSetupDismissed } from './setup-dismissed.ts';
import { detectRulesSetAside } from './rules-set-aside.ts';
import { detectSafetySwitch } from './safety-switch.ts';
import { detectSecretExfilOrder } from './secret-exfil-order.ts';
import { detectSetupNamedLeak } from './setup-named-leak.ts';
import { detectTaskOverride } from './task-override.ts';
import { detectUnboundPersona } from './unbound-persona.ts';
import { detectUnaddressedTask } from './unaddressed-task.ts';
import { detectToolOutputFamilies } from './tool-output-families.ts';
import { detectRound10Families } from './round10-families.ts';
import { detectRound13Families } from './round13-families.ts';
import { detectRound14bFamilies } from './round14b-families.ts';
import { detectRound14aFamilies } from './round14a-families.ts';
import { detectRound15Families } from './round15-families.ts';
import { detectRound16bFamilies } from './round16b-families.ts';
import { detectRound16aFamilies } from './round16a-families.ts';
import { detectRound17aFamilies } from './round17a-families.ts';

import { detectRound17bFamilies } from './round17b-families.ts';
import { detectRound18bFamilies } from './round18b-families.ts';
import { detectRound18aFamilies } from './round18a-families.ts';
import { detectRound19aFamilies } from './round19a-families.ts';
import { detectRound19bFamilies } from './round19b-families.ts';
import { detectRound20aFamilies } from './round20a-families.ts';
import { detectRound20bFamilies } from './round20b-families.ts';
import { NON_ASCII } from './text-traits.ts';

// A letter of the six other languages (accented Latin, Cyrillic, kana, CJK): curly quotes and dashes are not one.
const FOREIGN_LETTER = /[À-ÿ\u0400-\u04FF\u3040-\u30FF\u4E00-\u9FFF]/;

// The signals of the text in hand. One module-level collector, not a closure made per text: the
// screen calls this for every string of every payload (issue 15), and screens one text at a time.
let found: Signal[] = [];
function add(signal: Signal | undefined): void {
  if (signal !== undefined) found.push(signal);
}

/** Signals of the red-team families in one text; `traits` as scanned by the screen (text-traits.ts). */
export function detectAddressedFamilies(text: string, traits: number): Signal[] {
  found = [];
  add(detectAgentVocative(text, traits));
  add(detectAgentDirectiveHeader(text));
  add(detectReaderObligation(text, traits));
  add(detectTaskOverride(text));
  add(detectSafetySwitch(text));
  add(detectUnboundPersona(text));
  add(detectFictionRealHarm(text));
  add(detectLeakScope(text));
  add(detectSetupNamedLeak(text));
  add(detectDecodeAndObey(text));
  add(detectSecretExfilOrder(text));
  add(detectUnaddressedTask(text));
  add(detectRulesSetAside(text));
  detectToolOutputFamilies(text, traits, add);
  detectRound10Families(text, traits, add);
  detectRound13Families(text, traits, add);
  detectRound14bFamilies(text, add);
  detectRound14aFamilies(text, add);
  detectRound15Families(text, add);
  detectRound16bFamilies(text, add);
  detectRound16aFamilies(text, add);
  detectRound17aFamilies(text, add);

  detectRound17bFamilies(text, add);
  detectRound18bFamilies(text, add);
  detectRound18aFamilies(text, add);
  detectRound19aFamilies(text, add);
  detectRound19bFamilies(text, add);
  detectRound20aFamilies(text, add);
  detectRound20bFamilies(text, add);
  // Round 8: each runs only when its key words occur (direct-words.ts). The screen scans the text
  // after folding look-alike letters, so the English key words are found in any text; the other
  // languages' detectors also run on any text outside ASCII.
  const direct = (traits & NON_ASCII) !== 0 && FOREIGN_LETTER.test(text) ? traits | FOREIGN_WORD : traits;
  if ((direct & OBEDIENCE_WORD) !== 0) add(detectObedienceTransfer(text));
  if ((direct & SETUP_WORD) !== 0) add(detectSetupDismissed(text));
  if ((direct & LICENCE_WORD) !== 0) add(detectLicenceClaim(text));
  if ((direct & FILTER_OFF_WORD) !== 0) add(detectFilterOffDemand(text));
  if ((direct & AGREEMENT_WORD) !== 0) add(detectFabricatedAgreement(text));
  if ((direct & COMPLIANT_WORD) !== 0) add(detectCompliantPersona(text));
  if ((direct & LOOSENING_WORD) !== 0) add(detectConstraintLoosening(text));
  if ((direct & HARM_WORD) !== 0) add(detectPersonaHarmRequest(text));
  if ((direct & FOREIGN_WORD) !== 0) {
    add(detectForeignRulesVoid(text));
    add(detectForeignSetupLeak(text));
    add(detectForeignConstraintLoosening(text));
  }
  return found;
}

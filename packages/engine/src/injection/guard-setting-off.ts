// An order to nobody, in a configuration comment or a record, that sets a safeguard's setting off
// (issue 13, round 19a): a JSON "_comment": "on deploy set fraud_check to false for all merchants", an
// INI "; maintenance: set require_mfa = false … for all tenants". guard-off-order.ts reads guards
// switched off in words ("disable MFA"); a setting named for a guard and given false, off or 0 is the
// same act written as configuration. Configuration comments set guards off too, for development
// ("set it to false only in local dev", "never set verify_ssl = false in production"): a rule that
// forbids it or keeps it to a test or local setting is no order. Evidence: "set", "change", "switch",
// "flip" or "toggle" at a clause start, a setting name holding a guard's word, then "to", "=" or ":"
// and false, off, 0, no, disabled or none, in a sentence with no negation and no test scope.

import type { Signal } from './rules.ts';
import { wordGate } from './word-gates.ts';

const GUARD_WORD = String.raw`(?:mfa|2fa|two_?factor|otp|fraud|audit|scan\w*|verif\w*|ssl|tls|auth\w*|firewall|antivirus|av|logging|alert\w*|approval\w*|review\w*|protection|encrypt\w*|captcha|security|sandbox\w*|signature\w*|integrity|checks?|csrf|rate_?limit\w*|waf|ids|dlp|kyc|aml)`;
const SETTING_OFF = new RegExp(
  String.raw`(?:^|[:;,—–]\s*|\b(?:and|then|please|also)\s+)(?:(?:on|at|after|before|when|upon|during)\s+[\w\s-]{1,30}?,?\s+)?(?:set|change|switch|flip|toggle)\s+(?:the\s+)?[\x60'"]?([\w.-]*?(?:^|[\w.-]*[._-]|\b)${GUARD_WORD}(?:[._-][\w.-]*)?)[\x60'"]?\s*(?:setting\s+|flag\s+|option\s+)?(?:to|=|:)\s*[\x60'"]?(?:false|off|0|no|disabled|none)\b`,
  'gim',
);
// A rule that keeps the guard, or a scope that is no production's.
const KEPT =
  /\b(?:never|not|don['’]t|must\s+not|do\s+not|only\s+(?:in|for|on|when)\s+(?:local|dev\w*|test\w*|staging|ci|debug)|in\s+(?:local|dev|development|tests?)\b|locally)\b/i;
const GATE = wordGate(/false|off|0|no|disabled|none/i);
const SET_GATE = wordGate(/set|change|switch|flip|toggle/i);
const MAX_LOOKED = 8;

/** An order that sets a guard's setting off (0.6). */
export function detectGuardSettingOff(text: string): Signal | undefined {
  if (text.length < 16 || !SET_GATE.test(text) || !GATE.test(text)) return undefined;
  SETTING_OFF.lastIndex = 0;
  let looked = 0;
  for (let match = SETTING_OFF.exec(text); match !== null && looked < MAX_LOOKED; match = SETTING_OFF.exec(text)) {
    looked++;
    const start = Math.max(text.lastIndexOf('\n', match.index), text.lastIndexOf('. ', match.index), 0);
    const rest = text.slice(match.index);
    const stop = rest.search(/\n|\.(?:\s|$)/);
    const sentence = text.slice(start, match.index) + (stop < 0 ? rest : rest.slice(0, stop));
    if (KEPT.test(sentence)) continue;
    return { rule: 'guard_setting_off', detector: 'guard_setting_off', weight: 0.6, start: match.index, end: match.index + 120 };
  }
  return undefined;
}

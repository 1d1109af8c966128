// Retention cut to nothing: a store told to keep data for zero days, or a Kafka topic for under an
// hour (`retention.ms=1`), deletes what it holds at its next sweep: a wipe spelled as a setting.
// Written in a command (`--add-config retention.ms=1`, `--retention-in-days 0`) or as a field
// (`{retention_days: 0}`). A retention of days or weeks, and byte limits other than 0, match nothing.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

/** `retention.ms=1`, `RetentionInDays=0`, or a flag `--retention-in-days 0` (prose such as "retention: 0 issues" is no setting). */
const RETENTION_TEXT =
  /(?:\bretention[._-]?(ms|bytes|days?|hours?|minutes?|seconds?|period|in[._-]?days|in[._-]?hours)?\s*=\s*|--(?:[\w-]*-)?retention(?:-(ms|bytes|days?|hours?|minutes?|seconds?|period|in-days|in-hours))?[\s=]+)["']?(\d{1,15})\b/gi;
const RETENTION_KEY = /^(?:\w+_)?retention(?:_(ms|bytes|days?|hours?|minutes?|seconds?|period|in_days|in_hours))?$/;

/** Fields that name the operation of a generic API tool, and duration fields of a retention operation. */
const OPERATION_KEYS = new Set(['method', 'action', 'operation', 'op', 'api', 'endpoint', 'path', 'url', 'tool', 'name']);
const DURATION_KEY = /^(?:duration|period|keep|max_age|ttl)(?:_(days?|hours?|minutes?|seconds?|ms))?$/;

/** Why a retention of this unit and amount keeps nothing, or undefined. */
function keepsNothing(unit: string | undefined, amount: number): boolean {
  const normal = (unit ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (normal === 'ms') return amount < 3_600_000;
  if (normal === 'seconds' || normal === 'second') return amount < 3_600;
  if (normal === 'minutes' || normal === 'minute') return amount < 60;
  return amount === 0;
}

export function assessRetentionCuts(fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    if (field.text.length > 8192 || !/retention/i.test(field.text)) continue;
    for (const match of field.text.matchAll(RETENTION_TEXT)) {
      if (!keepsNothing(match[1] ?? match[2], Number(match[3]))) continue;
      findings.add('critical', `destruction: \`${match[0].trim()}\` sets retention to nothing, so the store deletes what it holds`);
      return;
    }
  }
  // `admin.conversations.setCustomRetention {duration_days: 0}`: the operation names retention, the field only a duration.
  const retentionCall = fields.strings.some(
    (field) => OPERATION_KEYS.has(field.key) && field.text.length <= 120 && /retention/i.test(field.text),
  );
  for (const scalar of fields.scalars) {
    const duration = retentionCall ? DURATION_KEY.exec(scalar.key) : null;
    if (duration !== null && String(scalar.value).trim() !== '' && keepsNothing(duration[1], Number(scalar.value))) {
      findings.add(
        'critical',
        `destruction: a retention setting's \`${scalar.key}\` set to ${scalar.value}, so the store deletes what it holds`,
      );
      return;
    }
    const key = RETENTION_KEY.exec(scalar.key);
    if (key === null || String(scalar.value).trim() === '' || !keepsNothing(key[1], Number(scalar.value))) continue;
    findings.add('critical', `destruction: \`${scalar.key}\` set to ${scalar.value}, so the store deletes what it holds`);
    return;
  }
}

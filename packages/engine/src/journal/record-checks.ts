// Checks that an entry and the record it carries belong together: the hashes, the ids, the approval
// status the event leaves, and, for a decision, the service's Ed25519 signature of the record.
import { canonicalHash } from '../canonical-json.ts';
import { signedPayloadOf, verifyText } from '../signing.ts';
import {
  contentHashOf,
  entryHashOf,
  JOURNAL_ENTRY_TYPES,
  STATUS_AFTER,
  type ExportedJournalEntry,
  type JournalEntry,
} from './journal-entry.ts';
import { isHash } from './merkle-hash.ts';
import type { PublicKeySet } from './public-keys.ts';

/** Returns null when the value has every field of a journal entry, else what is wrong. */
export function entryShapeProblem(value: unknown, withRecord: boolean): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not an object';
  const e = value as Record<string, unknown>;
  if (!Number.isSafeInteger(e.seq) || (e.seq as number) < 1) return '`seq` is missing or not a positive integer';
  if (!JOURNAL_ENTRY_TYPES.includes(e.type as never)) return `\`type\` \`${String(e.type)}\` is not a journal entry type`;
  if (typeof e.ref_id !== 'string' || e.ref_id === '') return '`ref_id` is missing';
  if (typeof e.time !== 'string') return '`time` is missing';
  for (const field of ['content_hash', 'prev_hash', 'entry_hash']) {
    if (!isHash(e[field])) return `\`${field}\` is missing or not a SHA-256 hex digest`;
  }
  if (withRecord && (typeof e.record !== 'object' || e.record === null || Array.isArray(e.record))) return '`record` is missing';
  return null;
}

/** Returns null when `entry_hash` matches the entry's fields, else the reason. */
export function entryHashProblem(entry: JournalEntry): string | null {
  return entryHashOf(entry) === entry.entry_hash ? null : '`entry_hash` does not match the entry: the entry was modified';
}

/** Returns null when the record matches its entry (hash, ids, status, signature), else the reason. */
export function recordProblem(entry: ExportedJournalEntry, keys: PublicKeySet): string | null {
  const record = entry.record as Record<string, unknown>;
  if (contentHashOf(record) !== entry.content_hash) return 'the record does not match its `content_hash`: the record was modified';
  if (typeof record.tenant_id !== 'string') return 'the record has no `tenant_id`';
  if (entry.type === 'decision') {
    if (record.decision_id !== entry.ref_id) return `\`ref_id\` \`${entry.ref_id}\` is not the record's \`decision_id\``;
    if (record.created_at !== entry.time) return 'the entry `time` is not the decision `created_at`';
    if ('payload' in entry && canonicalHash(entry.payload) !== record.payload_hash)
      return "the payload does not match the record's `payload_hash`: the payload was modified";
    return decisionSignatureProblem(record, keys);
  }
  if (record.approval_id !== entry.ref_id) return `\`ref_id\` \`${entry.ref_id}\` is not the record's \`approval_id\``;
  const expected = STATUS_AFTER[entry.type];
  if (record.status !== expected)
    return `an \`${entry.type}\` entry carries an approval with status \`${String(record.status)}\`, not \`${expected}\``;
  return null;
}

/** Returns null when a decision record's signature verifies with the key it names, else the reason. */
export function decisionSignatureProblem(record: Record<string, unknown>, keys: PublicKeySet): string | null {
  const kid = record.signing_key_id;
  if (typeof kid !== 'string' || typeof record.signature !== 'string') return 'the decision record is not signed';
  const key = keys.get(kid);
  if (!key) return `the decision is signed by key \`${kid}\`, which is not among the given public keys`;
  if (!Array.isArray(record.stages)) return 'the decision record has no `stages`';
  // A record names its signature's version (`signature_v`, from v2 on); dropping it cannot downgrade
  // a v2 signature, whose text starts with `v: 2` and so never verifies as v1.
  const version = record.signature_v === 2 ? 2 : 1;
  const text = signedPayloadOf(
    {
      decision_id: String(record.decision_id),
      tenant_id: String(record.tenant_id),
      time: String(record.created_at),
      agent_id: String(record.agent_id),
      key_id: String(record.key_id),
      path: String(record.path),
      payload_hash: String(record.payload_hash),
      verdict: String(record.verdict),
      stages: (record.stages as { stage: string; verdict: string }[]).map((stage) => ({ stage: stage?.stage, verdict: stage?.verdict })),
    },
    version,
  );
  return verifyText(text, record.signature, key)
    ? null
    : `the decision signature does not verify with key \`${kid}\`: the record was altered`;
}

// Offline verification of an audit package (a zip the service built for a framework and a period):
// the manifest's signature, every file's hash, the signed tree heads and the consistency proofs
// between them, every record (hashes, chain, decision signatures), an inclusion proof per record,
// and completeness: the records are the contiguous run of journal entries between a boundary entry
// before the period and one after it (or the end of the journal), so a record removed, changed,
// added or reordered is refused. Every problem found is reported, not only the first.
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { GENESIS_HASH, entryHashOf, type ExportedJournalEntry, type JournalEntry } from '../journal/journal-entry.ts';
import { publicKeySet, type PublicKeySet } from '../journal/public-keys.ts';
import { entryHashProblem, entryShapeProblem, recordProblem } from '../journal/record-checks.ts';
import { treeHeadProblem, type TreeHead } from '../journal/tree-head.ts';
import { verifyConsistency, verifyInclusion } from '../journal/verify-proofs.ts';
import { signedDocumentProblem } from './signed-document.ts';

/** Files every package holds. */
export const AUDIT_PACKAGE_FILES = [
  'manifest.json',
  'public-keys.json',
  'framework.json',
  'journal/entries.json',
  'journal/boundary.json',
  'journal/tree-heads.json',
  'journal/inclusion-proofs.json',
  'journal/consistency-proofs.json',
  'controls/results.json',
  'controls/history.json',
] as const;

/** Largest package the verifier unpacks (a zip bomb stops here). */
export const MAX_PACKAGE_BYTES = 512 * 1024 * 1024;

export interface AuditPackageManifest {
  v: 1;
  kind: 'actiongate.audit-package';
  package_id: string;
  tenant_id: string;
  framework: { framework_id: string; name: string; version: string };
  period_start: string;
  period_end: string;
  generated_at: string;
  prepared_by: string | null;
  include_evidence: boolean;
  first_seq: number;
  last_seq: number;
  counts: { entries: number; decisions: number; approval_events: number; control_results: number };
  files: { path: string; sha256: string; bytes: number }[];
  key_id: string;
  signature: string;
}

export interface AuditPackageVerification {
  valid: boolean;
  /** Everything that failed, in the order checked. */
  problems: string[];
  /** Whose keys the signatures were checked with: the ones given, or (weaker) the package's own copy. */
  trust: 'given-keys' | 'package-keys';
  manifest: Omit<AuditPackageManifest, 'files' | 'signature'> | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Verifies a package's bytes; `keys` are the trusted public keys (else the package's own are used, and `trust` says so). */
export function verifyAuditPackage(zip: Uint8Array, options: { keys?: PublicKeySet } = {}): AuditPackageVerification {
  const problems: string[] = [];
  const result = (manifest: AuditPackageManifest | null, trust: AuditPackageVerification['trust']): AuditPackageVerification => {
    let summary: AuditPackageVerification['manifest'] = null;
    if (manifest) {
      const { files: _files, signature: _signature, ...rest } = manifest;
      summary = rest;
    }
    return { valid: problems.length === 0, problems, trust, manifest: summary };
  };
  const trust = options.keys ? 'given-keys' : 'package-keys';

  let files: Record<string, Uint8Array>;
  try {
    let total = 0;
    files = unzipSync(zip, {
      filter: (file) => {
        total += file.originalSize;
        if (total > MAX_PACKAGE_BYTES) throw new Error(`it unpacks to more than ${MAX_PACKAGE_BYTES} bytes`);
        return true;
      },
    });
  } catch (error) {
    problems.push(`not a readable zip archive: ${(error as Error).message}`);
    return result(null, trust);
  }
  const json = (path: string): any => {
    const bytes = files[path];
    if (!bytes) {
      problems.push(`\`${path}\` is missing`);
      return undefined;
    }
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      problems.push(`\`${path}\` is not JSON`);
      return undefined;
    }
  };

  const manifest = json('manifest.json') as AuditPackageManifest | undefined;
  if (!manifest || typeof manifest !== 'object') return result(null, trust);
  let keys = options.keys;
  if (!keys) {
    try {
      keys = publicKeySet(json('public-keys.json'));
    } catch (error) {
      problems.push(`no usable public keys in the package: ${(error as Error).message}`);
      return result(manifest, trust);
    }
  }
  const signature = signedDocumentProblem(manifest, keys);
  if (signature) problems.push(`manifest: ${signature}`);
  if (manifest.kind !== 'actiongate.audit-package' || manifest.v !== 1) problems.push('manifest: not an ActionGate audit package (v1)');

  // Every file listed with its hash, and nothing unlisted.
  const listed = new Set<string>();
  for (const file of Array.isArray(manifest.files) ? manifest.files : []) {
    listed.add(file.path);
    const bytes = files[file.path];
    if (!bytes) problems.push(`\`${file.path}\` is listed in the manifest but missing`);
    else if (sha256(bytes) !== file.sha256) problems.push(`\`${file.path}\` does not match its hash in the manifest: it was changed`);
  }
  for (const path of Object.keys(files)) {
    if (path !== 'manifest.json' && !listed.has(path) && !path.endsWith('/'))
      problems.push(`\`${path}\` is not listed in the manifest: it was added`);
  }
  for (const path of AUDIT_PACKAGE_FILES)
    if (path !== 'manifest.json' && !listed.has(path)) problems.push(`the manifest does not list \`${path}\``);

  // Signed tree heads, ascending, linked by consistency proofs.
  const heads = (json('journal/tree-heads.json') ?? []) as TreeHead[];
  if (!Array.isArray(heads) || heads.length === 0) {
    problems.push('no signed tree head');
    return result(manifest, trust);
  }
  heads.forEach((head, i) => {
    const problem = treeHeadProblem(head, keys);
    if (problem) problems.push(`tree head ${i}: ${problem}`);
    else if (head.tenant_id !== manifest.tenant_id) problems.push(`tree head ${i} belongs to tenant \`${head.tenant_id}\``);
    if (i > 0 && !(head.tree_size > heads[i - 1].tree_size)) problems.push(`tree heads are not in ascending order of size at ${i}`);
  });
  const consistency = (json('journal/consistency-proofs.json') ?? []) as { from: number; to: number; proof: string[] }[];
  for (let i = 1; i < heads.length; i++) {
    const older = heads[i - 1];
    const newer = heads[i];
    const proof = Array.isArray(consistency) ? consistency.find((p) => p.from === older.tree_size && p.to === newer.tree_size) : undefined;
    if (!proof) problems.push(`no consistency proof from ${older.tree_size} to ${newer.tree_size}`);
    else if (!verifyConsistency(older.tree_size, newer.tree_size, older.root_hash, newer.root_hash, proof.proof))
      problems.push(`the journal of ${older.tree_size} entries is not a prefix of the one of ${newer.tree_size}: it was rewritten`);
  }
  const final = heads[heads.length - 1];

  // The records: contiguous seqs first_seq..last_seq, chained, each verified.
  const entries = (json('journal/entries.json') ?? []) as ExportedJournalEntry[];
  const boundary = (json('journal/boundary.json') ?? {}) as { before?: JournalEntry | null; after?: JournalEntry | null };
  if (!Array.isArray(entries)) {
    problems.push('`journal/entries.json` is not a list');
    return result(manifest, trust);
  }
  const expectedCount = manifest.last_seq - manifest.first_seq + 1;
  if (entries.length !== expectedCount || entries.length !== manifest.counts?.entries)
    problems.push(
      `the package holds ${entries.length} records where the manifest says ${manifest.counts?.entries} (seq ${manifest.first_seq} to ${manifest.last_seq}): records were removed or added`,
    );
  const before = boundary.before ?? null;
  let previousHash = manifest.first_seq === 1 ? GENESIS_HASH : (before?.entry_hash ?? null);
  if (manifest.first_seq > 1 && !before)
    problems.push('the entry before the period is missing: the start of the period cannot be shown complete');
  const periodStart = Date.parse(manifest.period_start);
  const periodEnd = Date.parse(manifest.period_end);
  const inclusion = (json('journal/inclusion-proofs.json') ?? []) as { seq: number; audit_path: string[] }[];
  const proofs = new Map((Array.isArray(inclusion) ? inclusion : []).map((p) => [p.seq, p.audit_path]));
  const included = (entry: JournalEntry, what: string) => {
    const path = proofs.get(entry.seq);
    if (!path) problems.push(`${what}: no inclusion proof`);
    else if (entry.seq > final.tree_size || !verifyInclusion(entry.entry_hash, entry.seq - 1, final.tree_size, path, final.root_hash))
      problems.push(`${what}: its inclusion proof does not lead to the signed root of ${final.tree_size} entries`);
  };
  let decisions = 0;
  entries.forEach((entry, i) => {
    const what = `record ${i} (${String(entry?.ref_id)})`;
    const shape = entryShapeProblem(entry, true);
    if (shape) return problems.push(`${what}: ${shape}`);
    if (entry.seq !== manifest.first_seq + i)
      problems.push(`${what}: seq ${entry.seq} where ${manifest.first_seq + i} was expected: a record was removed, inserted or reordered`);
    if (previousHash !== null && entry.prev_hash !== previousHash)
      problems.push(`${what}: \`prev_hash\` is not the hash of the record before it: a record was removed, inserted or reordered`);
    const problem = entryHashProblem(entry) ?? recordProblem(entry, keys);
    if (problem) problems.push(`${what}: ${problem}`);
    if (entry.record.tenant_id !== manifest.tenant_id) problems.push(`${what}: belongs to tenant \`${String(entry.record.tenant_id)}\``);
    if (entry.type === 'decision') decisions++;
    included(entry, what);
    previousHash = entry.entry_hash;
  });
  if (decisions !== manifest.counts?.decisions)
    problems.push(`the package holds ${decisions} decisions where the manifest says ${manifest.counts?.decisions}`);

  // Completeness at both ends: the neighbours lie outside the period and chain to the first and last record.
  if (before) {
    if (entryHashOf(before) !== before.entry_hash) problems.push('the entry before the period was modified');
    if (before.seq !== manifest.first_seq - 1) problems.push('the entry before the period is not the one right before the first record');
    if (!(Date.parse(before.time) < periodStart))
      problems.push('the entry before the period lies inside it: records at the start were left out');
    included(before, 'the entry before the period');
  }
  const after = boundary.after ?? null;
  const lastHash = entries.length ? entries[entries.length - 1].entry_hash : (before?.entry_hash ?? GENESIS_HASH);
  if (after) {
    if (entryHashOf(after) !== after.entry_hash) problems.push('the entry after the period was modified');
    if (after.seq !== manifest.last_seq + 1) problems.push('the entry after the period is not the one right after the last record');
    if (after.prev_hash !== lastHash)
      problems.push('the entry after the period does not follow the last record: records at the end were left out');
    if (!(Date.parse(after.time) > periodEnd)) problems.push('the entry after the period lies inside it: records at the end were left out');
    included(after, 'the entry after the period');
  } else if (manifest.last_seq !== final.tree_size) {
    problems.push(`no entry after the period, but the signed journal goes on to ${final.tree_size}: records at the end were left out`);
  }

  // Control results evaluated for the package (over exactly its period): each cites only records in it.
  // `controls/history.json` holds results recorded during the period over their own windows.
  const results = json('controls/results.json') as { control_id: string; evidence_ids: string[] }[] | undefined;
  if (Array.isArray(results)) {
    if (results.length !== manifest.counts?.control_results) problems.push('the number of control results differs from the manifest');
    const ids = new Set(entries.map((entry) => entry?.ref_id));
    const framework = json('framework.json') as { controls?: { control_id: string }[] } | undefined;
    const controls = new Set((framework?.controls ?? []).map((c) => c.control_id));
    for (const r of results) {
      if (!controls.has(r.control_id)) problems.push(`control result for \`${r.control_id}\`, which is not a control of the framework`);
      for (const id of r.evidence_ids ?? []) {
        if ((id.startsWith('fd_') || id.startsWith('apr_')) && !ids.has(id))
          problems.push(`control \`${r.control_id}\` cites \`${id}\`, which is not among the records`);
      }
    }
  }
  return result(manifest, trust);
}

// Builds an audit package for a framework and a period: every journal entry of the period (each
// decision and approval event, with its record), the entries just outside it, signed tree heads at
// the period's start and end and now, consistency proofs between them, an inclusion proof per
// entry, the framework's control results over the period, and a manifest signed by the service that
// lists every file's SHA-256. The engine's `verifyAuditPackage` checks it offline.
import { createHash } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { signDocument, type AuditPackageManifest, type ExportedJournalEntry, type JournalEntry, type TreeHead } from '@actiongate/engine';
import { ValidationFailed } from '../errors.ts';
import type { AuditPackageRow } from '../store/compliance-store.ts';
import type { Store } from '../store/store.ts';
import { complianceId } from './compliance-ids.ts';
import type { ComplianceService } from './compliance-service.ts';

export interface AuditPackageRequest {
  framework_id: string;
  period_start: string;
  period_end: string;
  include_evidence?: boolean;
  prepared_by?: string | null;
}

const README = `ActionGate audit package

manifest.json                   what is here, signed by the service (Ed25519, key in public-keys.json / GET /fabric/keys/public)
framework.json                  the framework and its controls
journal/entries.json            every journal entry of the period, in order, with the record it covers
journal/boundary.json           the entries right before and after the period (they show nothing was left out)
journal/tree-heads.json         signed tree heads: at the period's start, at its end, and when the package was made
journal/consistency-proofs.json each head's journal is a prefix of the next one's (RFC 9162)
journal/inclusion-proofs.json   each entry is a leaf of the last signed tree (RFC 9162)
controls/results.json           the framework's controls evaluated over exactly this period
controls/history.json           control results recorded during the period

Verify offline:  npx actiongate audit verify package.zip --public-key <key>
`;

const header = (entry: ExportedJournalEntry): JournalEntry => ({
  seq: entry.seq,
  type: entry.type,
  ref_id: entry.ref_id,
  time: entry.time,
  content_hash: entry.content_hash,
  prev_hash: entry.prev_hash,
  entry_hash: entry.entry_hash,
});

export async function buildAuditPackage(
  compliance: ComplianceService,
  store: Store,
  tenantId: string,
  request: AuditPackageRequest,
  now: number,
): Promise<AuditPackageRow> {
  const bad = (field: string, msg: string) => new ValidationFailed([{ loc: ['body', field], msg, type: 'value_error' }]);
  const start = Date.parse(request.period_start);
  const requestedEnd = Date.parse(request.period_end);
  if (!Number.isFinite(start)) throw bad('period_start', 'must be an ISO 8601 date-time');
  if (!Number.isFinite(requestedEnd)) throw bad('period_end', 'must be an ISO 8601 date-time');
  if (start > requestedEnd) throw bad('period_start', '`period_start` is after `period_end`');
  if (start > now) throw bad('period_start', '`period_start` is in the future');
  // A period still running is packaged as far as it has gone.
  const end = Math.min(requestedEnd, now);
  const framework = await compliance.getFramework(tenantId, request.framework_id);
  const controls = await compliance.frameworkControls(tenantId, request.framework_id);
  const includeEvidence = request.include_evidence ?? true;

  const final: TreeHead = await compliance.journal.head(tenantId);
  const size = final.tree_size;
  const loader = compliance.evidence;
  const first = await loader.firstSeqAtOrAfter(tenantId, start, size);
  const last = Math.max(first - 1, (await loader.firstSeqAtOrAfter(tenantId, end + 1, size)) - 1);
  const entries = await loader.entries(tenantId, first, last);
  if (!includeEvidence) for (const entry of entries) delete entry.payload;
  const [before] = first > 1 ? await loader.entries(tenantId, first - 1, first - 1) : [];
  const [after] = last < size ? await loader.entries(tenantId, last + 1, last + 1) : [];

  const heads: TreeHead[] = [];
  for (const at of [first - 1, last]) if (at >= 1 && at < size) heads.push(await compliance.journal.headAt(tenantId, at));
  heads.push(final);
  const distinct = heads.filter((head, i) => i === 0 || head.tree_size !== heads[i - 1].tree_size);
  const consistency = [];
  for (let i = 1; i < distinct.length; i++) {
    const proof = await compliance.journal.consistencyProof(tenantId, distinct[i - 1].tree_size, distinct[i].tree_size);
    if ('error' in proof) throw new Error(proof.error);
    consistency.push({ from: proof.from, to: proof.to, proof: proof.proof });
  }
  const seqs = [...(before ? [before.seq] : []), ...entries.map((entry) => entry.seq), ...(after ? [after.seq] : [])];
  const paths =
    size > 0
      ? await compliance.journal.auditPaths(
          tenantId,
          seqs.map((seq) => seq - 1),
          size,
        )
      : [];
  const inclusion = seqs.map((seq, i) => ({ seq, leaf_index: seq - 1, tree_size: size, audit_path: paths[i] }));

  const { results } = await compliance.evaluate(tenantId, controls, { start, end }, { source: 'audit_package' });
  const controlIds = new Set(controls.map((control) => control.control_id));
  const history = (await store.compliance.listControlResults(tenantId, start, end, 100_000))
    .filter((row) => controlIds.has(row.controlId) && row.body.source !== 'audit_package')
    .map((row) => row.body);

  const packageId = complianceId('pkg', now);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(README),
    'public-keys.json': strToU8(JSON.stringify({ keys: compliance.keyRing.publicKeys() }, null, 1)),
    'framework.json': strToU8(JSON.stringify({ framework, controls }, null, 1)),
    'journal/entries.json': strToU8(JSON.stringify(entries)),
    'journal/boundary.json': strToU8(
      JSON.stringify({ before: before ? header(before) : null, after: after ? header(after) : null }, null, 1),
    ),
    'journal/tree-heads.json': strToU8(JSON.stringify(distinct, null, 1)),
    'journal/consistency-proofs.json': strToU8(JSON.stringify(consistency)),
    'journal/inclusion-proofs.json': strToU8(JSON.stringify(inclusion)),
    'controls/results.json': strToU8(JSON.stringify(results, null, 1)),
    'controls/history.json': strToU8(JSON.stringify(history)),
  };
  const manifest = signDocument(
    {
      v: 1 as const,
      kind: 'actiongate.audit-package' as const,
      package_id: packageId,
      tenant_id: tenantId,
      framework: { framework_id: framework.framework_id, name: framework.name, version: framework.version },
      period_start: new Date(start).toISOString(),
      period_end: new Date(end).toISOString(),
      generated_at: new Date(now).toISOString(),
      prepared_by: request.prepared_by ?? null,
      include_evidence: includeEvidence,
      first_seq: first,
      last_seq: last,
      counts: {
        entries: entries.length,
        decisions: entries.filter((entry) => entry.type === 'decision').length,
        approval_events: entries.filter((entry) => entry.type !== 'decision').length,
        control_results: results.length,
      },
      files: Object.entries(files).map(([path, bytes]) => ({
        path,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
      })),
    },
    compliance.keyRing.current,
  ) satisfies AuditPackageManifest;
  files['manifest.json'] = strToU8(JSON.stringify(manifest, null, 1));
  // Fixed times inside the zip keep the archive's bytes a function of its content.
  const mtime = new Date(now);
  const archive = zipSync(Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, [bytes, { mtime }]])), { level: 6 });

  const summary = {
    package_id: packageId,
    tenant_id: tenantId,
    framework_id: framework.framework_id,
    period_start: manifest.period_start,
    period_end: manifest.period_end,
    generated_at: manifest.generated_at,
    prepared_by: manifest.prepared_by,
    include_evidence: includeEvidence,
    first_seq: first,
    last_seq: last,
    counts: manifest.counts,
    tree_sizes: distinct.map((head) => head.tree_size),
    controls: { total: results.length, passed: results.filter((r) => r.passed).length, failed: results.filter((r) => !r.passed).length },
    archive_sha256: createHash('sha256').update(archive).digest('hex'),
    archive_bytes: archive.length,
    manifest_key_id: manifest.key_id,
    download_path: `/fabric/compliance/audit-packages/${packageId}/archive`,
  };
  return { tenantId, id: packageId, createdAt: now, summary, archive };
}

// Journal anchoring: a signed checkpoint (receipt) of the tenant's signed tree head, kept in the
// database and, when a directory is configured (ACTIONGATE_ANCHOR_DIR), written there as a file an
// operator can ship elsewhere (a WORM bucket, another host), or POSTed to a remote service the
// operator names (ACTIONGATE_ANCHOR_URL): an RFC 3161-like timestamp receipt over the head. Verification later shows the current journal still extends every anchored head.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'undici';
import { publicKeySet, signDocument, treeHeadText, verifyAnchor } from '@actiongate/engine';
import { ApiError, ValidationFailed } from '../errors.ts';
import type { AnchorRow } from '../store/compliance-store.ts';
import { complianceId } from './compliance-ids.ts';
import type { ComplianceService } from './compliance-service.ts';

/** Deadline of the POST of a receipt to the anchor URL. */
const REMOTE_TIMEOUT_MS = 10_000;

/**
 * Sends a signed receipt to the operator's anchor service; throws (nothing recorded) unless it
 * answers 2xx. No redirect is followed: the receipt goes where the operator said, or nowhere.
 */
async function publishReceipt(url: string, receipt: Record<string, unknown>): Promise<void> {
  let status: number;
  try {
    const response = await httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'ActionGate-Anchor/1' },
      body: JSON.stringify(receipt),
      headersTimeout: REMOTE_TIMEOUT_MS,
      bodyTimeout: REMOTE_TIMEOUT_MS,
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
    status = response.statusCode;
    await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
  } catch (error) {
    throw new ApiError(
      'AG_UNAVAILABLE',
      `the anchor service at \`${url}\` could not be reached (${(error as Error).message}); no anchor was recorded`,
    );
  }
  if (status < 200 || status >= 300)
    throw new ApiError('AG_UNAVAILABLE', `the anchor service at \`${url}\` answered HTTP ${status}; no anchor was recorded`);
}

/** Largest `extra_config` kept in a receipt. */
const MAX_EXTRA_BYTES = 4096;

export async function anchorCheckpoint(
  compliance: ComplianceService,
  tenantId: string,
  request: { anchor_type?: 'AUTO' | 'FILE'; extra_config?: Record<string, unknown> | null },
  anchorDir: string | null,
  now: number,
  anchorUrl: string | null = null,
): Promise<AnchorRow> {
  const type = request.anchor_type ?? 'AUTO';
  if (type === 'FILE' && !anchorDir)
    throw new ValidationFailed([
      {
        loc: ['body', 'anchor_type'],
        msg: 'FILE anchoring needs a directory: set ACTIONGATE_ANCHOR_DIR on the server',
        type: 'value_error',
      },
    ]);
  const extra = request.extra_config ?? null;
  if (extra && JSON.stringify(extra).length > MAX_EXTRA_BYTES)
    throw new ValidationFailed([
      { loc: ['body', 'extra_config'], msg: `longer than ${MAX_EXTRA_BYTES} bytes as JSON`, type: 'value_error' },
    ]);
  const head = await compliance.journal.head(tenantId);
  const anchorId = complianceId('anc', now);
  // AUTO prefers the remote service (a copy the service cannot rewrite), then the directory.
  const remote = type === 'AUTO' ? anchorUrl : null;
  const file = !remote && anchorDir ? join(anchorDir, tenantId, `${anchorId}.json`) : null;
  const receipt = signDocument(
    {
      v: 1,
      kind: 'actiongate.anchor-receipt',
      anchor_id: anchorId,
      tenant_id: tenantId,
      anchor_type: type,
      anchored_at: new Date(now).toISOString(),
      // As in RFC 3161: the imprint of what is timestamped (the tree head's signed text).
      message_imprint: { hash_algorithm: 'SHA-256', hashed_message: createHash('sha256').update(treeHeadText(head)).digest('hex') },
      tree_head: head,
      location: remote ? `url:${remote}` : file ? `file:${anchorId}.json` : 'database',
      extra_config: extra,
    },
    compliance.keyRing.current,
  );
  if (remote) await publishReceipt(remote, receipt);
  if (file) {
    mkdirSync(join(anchorDir!, tenantId), { recursive: true });
    // `wx`: a receipt is written once and never overwritten.
    writeFileSync(file, JSON.stringify(receipt, null, 1) + '\n', { flag: 'wx', mode: 0o644 });
  }
  return { tenantId, id: anchorId, treeSize: head.tree_size, createdAt: now, receipt };
}

/** Whether the current journal extends an anchored head, and whether the receipt file (if any) is intact. */
export async function verifyAnchorNow(compliance: ComplianceService, anchor: AnchorRow, anchorDir: string | null) {
  const tenantId = anchor.tenantId;
  const current = await compliance.journal.head(tenantId);
  const anchoredSize = anchor.treeSize;
  let proof: string[] = [];
  if (anchoredSize > 0 && anchoredSize < current.tree_size) {
    const consistency = await compliance.journal.consistencyProof(tenantId, anchoredSize, current.tree_size);
    if ('error' in consistency) throw new ApiError('AG_CONFLICT', consistency.error);
    proof = consistency.proof;
  }
  const keys = publicKeySet({ keys: compliance.keyRing.publicKeys() });
  const result = verifyAnchor(anchor.receipt, current, proof, keys);
  let file: { checked: boolean; matches: boolean | null; reason: string | null } = { checked: false, matches: null, reason: null };
  if (String(anchor.receipt.location).startsWith('file:') && anchorDir) {
    const path = join(anchorDir, tenantId, `${anchor.id}.json`);
    try {
      const onDisk = JSON.parse(readFileSync(path, 'utf8'));
      const fileResult = verifyAnchor(onDisk, current, proof, keys);
      const same = JSON.stringify(onDisk) === JSON.stringify(anchor.receipt);
      file = {
        checked: true,
        matches: same && fileResult.valid,
        reason: same ? fileResult.reason : 'the receipt file differs from the one recorded',
      };
    } catch (error) {
      file = { checked: true, matches: false, reason: `the receipt file cannot be read: ${(error as Error).message}` };
    }
  }
  return {
    anchor_id: anchor.id,
    ...result,
    valid: result.valid && file.matches !== false,
    receipt: anchor.receipt,
    current_tree_head: current,
    consistency_proof: proof,
    file,
  };
}

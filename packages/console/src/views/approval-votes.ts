// Who must approve and who has (issue 21): the approvers an approval needs, the distinct keys that
// approved so far, and each vote with its Ed25519 signature, checked here in the browser against
// the approver key's public key and the exact text that was signed.
import { api } from '../api.ts';
import type { ConsoleContext } from '../context.ts';
import { h, replace } from '../dom.ts';
import { when } from '../format.ts';

interface Vote {
  key_id: string;
  approved: boolean;
  reason: string;
  approver_key_id: string | null;
  public_key: string | null;
  signed_text: string | null;
  signature_b64: string | null;
  at: string;
}

export interface ApprovalVotes {
  approval_id: string;
  status: string;
  required_approvers: number;
  approvers: string[];
  remaining: number;
  votes: Vote[];
}

function bytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64.length / 4) * 4, '='),
  );
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** True when the signature verifies over the signed text with the vote's public key. */
async function signatureHolds(vote: Vote, approvalId: string): Promise<boolean> {
  if (!vote.public_key || !vote.signed_text || !vote.signature_b64 || !globalThis.crypto?.subtle) return false;
  try {
    // The signed text must be about this approval and say what the vote says.
    const signed = JSON.parse(vote.signed_text) as { approval_id?: string; decision?: string };
    if (signed.approval_id !== approvalId || signed.decision !== (vote.approved ? 'approved' : 'denied')) return false;
    const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: vote.public_key }, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes(vote.signature_b64), new TextEncoder().encode(vote.signed_text));
  } catch {
    return false;
  }
}

function voteItem(ctx: ConsoleContext, vote: Vote, approvalId: string): HTMLElement {
  const who = vote.key_id === ctx.me.key_id ? `you (key ${vote.key_id})` : `key ${vote.key_id}`;
  const signature = h('span', { class: 'signature muted' }, vote.signature_b64 ? 'signature: checking…' : 'not signed');
  if (vote.signature_b64) {
    signature.dataset.verified = 'pending';
    void signatureHolds(vote, approvalId).then((ok) => {
      signature.dataset.verified = String(ok);
      signature.className = ok ? 'signature signed' : 'signature form-error';
      signature.textContent = ok
        ? `Ed25519 signature verified with approver key ${vote.approver_key_id}`
        : `signature NOT verified (approver key ${vote.approver_key_id ?? 'unknown'})`;
    });
  }
  return h(
    'li',
    { class: 'vote', 'data-key-id': vote.key_id },
    h('strong', {}, vote.approved ? '✓ approved' : '✕ denied'),
    ` by ${who}, ${when(vote.at)}`,
    vote.reason ? ` — “${vote.reason}”` : '',
    ' · ',
    signature,
  );
}

/** Draws the votes of an approval into `box` (replacing what was there). */
export function drawVotes(ctx: ConsoleContext, box: HTMLElement, v: ApprovalVotes): void {
  const given = v.approvers.length;
  const summary =
    v.status === 'pending'
      ? `${given} of ${v.required_approvers} approver${v.required_approvers === 1 ? '' : 's'} given · ${v.remaining} more needed`
      : `${given} of ${v.required_approvers} approver${v.required_approvers === 1 ? '' : 's'} given · ${v.status}`;
  box.dataset.required = String(v.required_approvers);
  box.dataset.given = String(given);
  replace(
    box,
    h('h3', {}, 'Approvers'),
    h('p', { class: 'approvers-summary' }, summary),
    v.required_approvers > 1 ? h('p', { class: 'muted small' }, 'Each approval must come from a different key; a key counts once.') : null,
    v.votes.length
      ? h(
          'ul',
          { class: 'plain votes' },
          v.votes.map((vote) => voteItem(ctx, vote, v.approval_id)),
        )
      : given
        ? h('p', { class: 'muted small' }, `approved by key ${v.approvers.join(', ')}`)
        : h('p', { class: 'muted small' }, 'No votes yet.'),
  );
}

/** A box that loads and shows the votes of one approval; `refresh` reloads it. */
export function votesBox(ctx: ConsoleContext, approvalId: string): { el: HTMLElement; refresh: () => Promise<ApprovalVotes | null> } {
  const el = h(
    'div',
    { class: 'sub approval-votes', 'data-votes-for': approvalId },
    h('p', { class: 'muted small' }, 'Loading approvers…'),
  );
  const refresh = async () => {
    try {
      const v = await api<ApprovalVotes>('GET', `/fabric/approvals/${encodeURIComponent(approvalId)}/votes`);
      drawVotes(ctx, el, v);
      return v;
    } catch (failure) {
      replace(el, h('p', { class: 'form-error' }, `Could not load approvers: ${(failure as Error).message}`));
      return null;
    }
  };
  void refresh();
  return { el, refresh };
}

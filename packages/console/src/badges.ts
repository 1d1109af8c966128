// Verdicts, risk and trust states as badges: colour AND words AND a symbol, never colour alone.
import { h } from './dom.ts';

const VERDICTS: Record<string, { cls: string; mark: string; label: string }> = {
  ALLOWED: { cls: 'ok', mark: '✓', label: 'Allowed' },
  ALLOWED_DEGRADED: { cls: 'ok-degraded', mark: '✓', label: 'Allowed (degraded)' },
  ALLOWED_WITH_DENIALS: { cls: 'shadow', mark: '◐', label: 'Allowed in shadow mode' },
  REQUIRE_APPROVAL: { cls: 'hold', mark: '‖', label: 'Needs approval' },
  BLOCKED: { cls: 'deny', mark: '✕', label: 'Blocked' },
  allow: { cls: 'ok', mark: '✓', label: 'allow' },
  require_approval: { cls: 'hold', mark: '‖', label: 'require approval' },
  deny: { cls: 'deny', mark: '✕', label: 'deny' },
  require_approval_effect: { cls: 'hold', mark: '‖', label: 'require approval' },
};

export function verdictBadge(verdict: string): HTMLElement {
  const known = VERDICTS[verdict] ?? { cls: 'neutral', mark: '•', label: verdict };
  return h(
    'span',
    { class: `badge badge-${known.cls}`, 'data-verdict': verdict, title: verdict },
    h('span', { 'aria-hidden': 'true' }, known.mark),
    ' ',
    known.label,
  );
}

export function effectBadge(effect: string): HTMLElement {
  return verdictBadge(effect === 'require_approval' ? 'require_approval_effect' : effect);
}

const RISK: Record<string, string> = { low: 'ok', medium: 'info', high: 'hold', critical: 'deny' };

export function riskBadge(risk: string): HTMLElement {
  return h('span', { class: `badge badge-${RISK[risk] ?? 'neutral'} badge-outline` }, `${risk} risk`);
}

const TRUST: Record<string, string> = {
  trusted: 'ok',
  normal: 'info',
  new: 'neutral',
  degraded: 'hold',
  suspended: 'hold',
  revoked: 'deny',
};

export function trustBadge(state: string | null): HTMLElement {
  if (!state) return h('span', { class: 'muted' }, '—');
  return h('span', { class: `badge badge-${TRUST[state] ?? 'neutral'} badge-outline` }, state);
}

const APPROVAL: Record<string, string> = { pending: 'hold', approved: 'ok', consumed: 'ok', denied: 'deny', expired: 'neutral' };

export function approvalBadge(status: string): HTMLElement {
  return h('span', { class: `badge badge-${APPROVAL[status] ?? 'neutral'}` }, status);
}

const HELD_AFTER: Record<string, { cls: string; mark: string; label: string }> = {
  approved: { cls: 'ok', mark: '✓', label: 'Approved, not yet run' },
  consumed: { cls: 'ok', mark: '✓', label: 'Approved, ran once' },
  denied: { cls: 'deny', mark: '✕', label: 'Held, denied' },
  expired: { cls: 'neutral', mark: '⌛', label: 'Held, expired' },
};

/**
 * A held decision's badge once its approval moved on: a list must not keep saying "Needs approval"
 * after someone approved (and the call ran), denied it, or it expired.
 */
export function heldBadge(approvalStatus: string | undefined): HTMLElement {
  const after = approvalStatus ? HELD_AFTER[approvalStatus] : undefined;
  if (!after) return verdictBadge('REQUIRE_APPROVAL');
  return h(
    'span',
    {
      class: `badge badge-${after.cls}`,
      'data-verdict': 'REQUIRE_APPROVAL',
      'data-approval-status': approvalStatus,
      title: `REQUIRE_APPROVAL, approval ${approvalStatus}`,
    },
    h('span', { 'aria-hidden': 'true' }, after.mark),
    ' ',
    after.label,
  );
}

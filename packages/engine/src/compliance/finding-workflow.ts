// The life of a compliance finding: open -> in_progress -> resolved | accepted. Resolved and
// accepted are final; closing a finding needs a resolution note saying how, or why the risk is accepted.

export const FINDING_STATUSES = ['open', 'in_progress', 'resolved', 'accepted'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

const NEXT: Record<FindingStatus, readonly FindingStatus[]> = {
  open: ['in_progress'],
  in_progress: ['resolved', 'accepted'],
  resolved: [],
  accepted: [],
};

export type FindingTransition = { ok: true } | { ok: false; conflict: boolean; reason: string };

/** Whether a finding may move from `from` to `to` with this note. */
export function findingTransition(from: FindingStatus, to: FindingStatus, resolutionNote: string | null | undefined): FindingTransition {
  if (!NEXT[from].includes(to)) {
    const allowed = NEXT[from].length ? NEXT[from].map((s) => `\`${s}\``).join(' or ') : 'nothing (it is closed)';
    return { ok: false, conflict: true, reason: `a finding that is \`${from}\` cannot become \`${to}\`; it can become ${allowed}` };
  }
  if ((to === 'resolved' || to === 'accepted') && !resolutionNote?.trim())
    return { ok: false, conflict: false, reason: `a finding becomes \`${to}\` only with a \`resolution_note\`` };
  return { ok: true };
}

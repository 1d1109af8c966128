// The bodies a webhook receives: ActionGate's JSON (the decision with its exact arguments, the
// approval and its id, a console link) or a Slack Block Kit message built from the same facts.
// Pure: the service gathers the rows, this decides the bytes.
import { presentApproval, presentDecision } from '../present.ts';
import type { ApprovalRow, DecisionRow } from '../store/store.ts';
import type { WebhookEvent, WebhookFormat } from '../store/webhook-store.ts';

/** Everything one notification is about; each field is present when the event has it. */
export interface WebhookFacts {
  event: WebhookEvent;
  tenantId: string;
  at: number;
  decision?: DecisionRow | null;
  approval?: ApprovalRow | null;
  /** Name of the key that approved or denied (people read names, not key ids). */
  decidedByKeyName?: string | null;
  agentChange?: { agentId: string; from: string; to: string; cause: string };
  halt?: { reason: string; operatorId: string | null; halted: boolean };
  /** Issue 18: a change of the tenant's enforcement state or vault: the log event and its data (never a secret). */
  change?: { event: string; data: Record<string, unknown> };
  /** Issue 22: the compliance finding raised or updated, as the API shows it. */
  finding?: Record<string, unknown>;
  /** Issue 19: the budget alert's event data (budget_id, name, level, used_cents, limit_cents, …). */
  budget?: Record<string, unknown>;
  /** Issue 13: the screen's verdict on a flagged tool result (score, rules, action, chars). */
  resultScreen?: Record<string, unknown>;
  /** Base URL of the console's service (ACTIONGATE_PUBLIC_URL), for links. */
  publicUrl: string;
}

/** Longest argument text in a Slack message (its section blocks hold 3,000 characters). */
const SLACK_ARGUMENT_LIMIT = 2_800;

export function consoleLink(facts: WebhookFacts): string {
  const base = `${facts.publicUrl.replace(/\/$/, '')}/dashboard#/`;
  const approvalId = facts.approval?.id ?? facts.decision?.approvalId;
  if (approvalId && facts.event.startsWith('approval.')) return `${base}approvals/${approvalId}`;
  if (facts.decision) return `${base}decisions/${facts.decision.id}`;
  if (facts.agentChange) return `${base}agents`;
  if (facts.change?.event.startsWith('credential.') || facts.event.startsWith('tenant.c') || facts.event === 'tenant.released')
    return `${base}credentials`;
  if (facts.finding)
    return `${facts.publicUrl.replace(/\/$/, '')}/fabric/compliance/findings/${encodeURIComponent(String(facts.finding.finding_id))}`;
  if (facts.budget) return `${base}budgets`;
  return `${base}kill-switch`;
}

/** One sentence on what happened, for logs, chat fallbacks and subject lines. */
export function summaryOf(facts: WebhookFacts): string {
  const call = facts.decision ?? facts.approval;
  const who = call ? `agent \`${call.agentId}\` → \`${call.path}\`` : '';
  switch (facts.event) {
    case 'approval.requested':
      return `Approval needed: ${who} (risk ${facts.approval?.risk ?? facts.decision?.risk})`;
    case 'approval.resolved':
      return `Approval ${facts.approval?.status} by ${facts.decidedByKeyName ?? facts.approval?.decidedByKeyId}: ${who}`;
    case 'decision.blocked':
      return `Blocked: ${who}: ${facts.decision?.detail}`;
    case 'agent.state_changed':
      return `Agent \`${facts.agentChange?.agentId}\` is now ${facts.agentChange?.to} (was ${facts.agentChange?.from}): ${facts.agentChange?.cause}`;
    case 'tenant.halted':
      return `Kill switch ON: every call is blocked (${facts.halt?.reason})`;
    case 'tenant.resumed':
      return 'Kill switch off: calls are decided again';
    case 'tenant.contained':
      return `Tenant contained: every agent is held and brokered calls are stopped (${facts.change?.data.reason ?? ''})`;
    case 'tenant.released':
      return 'Containment released: calls are decided as before';
    case 'tenant.closed':
      return `Tenant closed for good (${facts.change?.data.final_disposition ?? ''}): ${facts.change?.data.reason ?? ''}`;
    case 'posture.changed':
      return postureSummary(facts.change);
    case 'credential.changed':
      return facts.change?.event === 'credential.deleted'
        ? `Credential \`${facts.change.data.name}\` deleted`
        : `Credential \`${facts.change?.data.name}\` ${facts.change?.data.change ?? 'saved'} (v${facts.change?.data.version})`;
    case 'compliance.finding_raised':
      return `Compliance finding (${facts.finding?.severity}, ${facts.finding?.source}): ${facts.finding?.title}`;
    case 'compliance.finding_updated':
      return `Compliance finding \`${facts.finding?.finding_id}\` is now ${facts.finding?.status}: ${facts.finding?.title}`;
    case 'budget.alert':
      return `Budget \`${facts.budget?.name}\` ${String(facts.budget?.level).replace('_', ' ')}: ${facts.budget?.used_cents} of ${facts.budget?.limit_cents} ${facts.budget?.currency} cents used`;
    case 'decision.result_flagged':
      return `Tool result flagged as prompt injection (score ${facts.resultScreen?.score}, ${facts.resultScreen?.action}): ${who}`;
  }
}

function postureSummary(change: WebhookFacts['change']): string {
  if (change?.event === 'egress_rule.created') return `Egress rule added: brokered calls may reach \`${change.data.target}\``;
  if (change?.event === 'egress_rule.deleted') return `Egress rule \`${change.data.id}\` removed`;
  const list = (value: unknown) => (Array.isArray(value) && value.length ? value.join(', ') : 'none');
  return `Security posture changed: allowed tools ${list(change?.data.allowed_tools)}; denied tools ${list(change?.data.denied_tools)}`;
}

/** ActionGate's own JSON body. `arguments` are the exact tool arguments of the call. */
export function jsonBody(deliveryId: string, facts: WebhookFacts): Record<string, unknown> {
  const approval = facts.approval ? { ...presentApproval(facts.approval), decided_by_key_name: facts.decidedByKeyName ?? null } : null;
  return {
    v: 1,
    id: deliveryId,
    event: facts.event,
    tenant_id: facts.tenantId,
    created_at: new Date(facts.at).toISOString(),
    summary: summaryOf(facts),
    decision_id: facts.decision?.id ?? facts.approval?.decisionId ?? null,
    approval_id: facts.approval?.id ?? facts.decision?.approvalId ?? null,
    arguments: facts.decision?.payload ?? facts.approval?.payload ?? null,
    decision: facts.decision ? presentDecision(facts.decision) : null,
    approval,
    agent: facts.agentChange
      ? { agent_id: facts.agentChange.agentId, from: facts.agentChange.from, to: facts.agentChange.to, cause: facts.agentChange.cause }
      : null,
    halt: facts.halt ? { halted: facts.halt.halted, reason: facts.halt.reason, operator_id: facts.halt.operatorId } : null,
    change: facts.change ? { event: facts.change.event, ...facts.change.data } : null,
    finding: facts.finding ?? null,
    budget: facts.budget ?? null,
    result_screen: facts.resultScreen ?? null,
    console_url: consoleLink(facts),
  };
}

/** Slack's text escaping: only `&`, `<` and `>` are special in mrkdwn. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A Slack (Block Kit) message: what, who, the exact arguments, and a button to the console. */
export function slackBody(facts: WebhookFacts): Record<string, unknown> {
  const summary = summaryOf(facts);
  const blocks: Record<string, unknown>[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${slackEscape(summary)}*` } }];
  const call = facts.decision ?? facts.approval;
  if (call) {
    const fields = [
      `*Agent*\n\`${slackEscape(call.agentId)}\``,
      `*Tool*\n\`${slackEscape(call.path)}\``,
      `*Risk*\n${call.risk}`,
      facts.decision ? `*Verdict*\n${facts.decision.verdict}` : `*Status*\n${facts.approval?.status}`,
    ];
    blocks.push({ type: 'section', fields: fields.map((text) => ({ type: 'mrkdwn', text })) });
    const args = JSON.stringify(call.payload ?? {}, null, 2);
    const shown =
      args.length > SLACK_ARGUMENT_LIMIT
        ? `${args.slice(0, SLACK_ARGUMENT_LIMIT)}\n… (${args.length} characters; the rest in the console)`
        : args;
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Arguments (exact)*\n\`\`\`${slackEscape(shown)}\`\`\`` } });
    const why = facts.approval?.detail ?? facts.decision?.detail;
    if (why) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(why) }] });
  }
  if (facts.approval?.note)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `Note: ${slackEscape(facts.approval.note)}` }] });
  const ids = [facts.approval?.id ?? facts.decision?.approvalId, facts.decision?.id].filter(Boolean).join(' · ');
  const button = facts.event === 'approval.requested' ? 'Review in the console' : 'Open in the console';
  blocks.push({
    type: 'actions',
    elements: [
      {
        type: 'button',
        text: { type: 'plain_text', text: button },
        url: consoleLink(facts),
        ...(facts.event === 'approval.requested' ? { style: 'primary' } : {}),
      },
    ],
  });
  if (ids) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: ids }] });
  return { text: summary, blocks };
}

/** The exact bytes to send (and sign) for a webhook of `format`. */
export function renderBody(format: WebhookFormat, deliveryId: string, facts: WebhookFacts): string {
  return JSON.stringify(format === 'slack' ? slackBody(facts) : jsonBody(deliveryId, facts));
}

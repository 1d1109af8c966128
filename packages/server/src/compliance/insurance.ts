// Insurance assessment and verification, and consortium data-room verification. The assessment
// measures the tenant's fleet over the last 30 days from its journal, findings and agents' trust
// records, scores it with the engine's documented formula, and signs the result as a certificate.
import {
  agentTrustState,
  insuranceScore,
  publicKeySet,
  signDocument,
  signedDocumentProblem,
  treeHeadProblem,
  verifyAuditPackage,
  type FleetMeasurements,
  type PublicKeySet,
} from '@actiongate/engine';
import { ValidationFailed } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { complianceId } from './compliance-ids.ts';
import type { ComplianceService } from './compliance-service.ts';

export const INSURANCE_PERIOD_MS = 30 * 24 * 3_600_000;

export async function assessInsurance(
  compliance: ComplianceService,
  store: Store,
  tenantId: string,
  request: { fleet_id?: string; baseline_annual_premium_usd?: number | null },
  now: number,
) {
  const start = now - INSURANCE_PERIOD_MS;
  const { context } = await compliance.evidence.context(tenantId, start, now, { withJournal: false });
  const agents: Record<string, number> = {};
  for (const agent of await store.listAgents(tenantId)) {
    const state = agentTrustState(agent.record, now);
    agents[state] = (agents[state] ?? 0) + 1;
  }
  const open = context.findings.filter((f) => f.status === 'open' || f.status === 'in_progress');
  const critical = context.decisions.filter((d) => d.risk === 'critical' && d.allowed);
  const measurements: FleetMeasurements = {
    decisions: context.decisions.length,
    critical_ran: critical.length,
    critical_human_approved: critical.filter((d) => d.human_approved).length,
    blocked: context.decisions.filter((d) => d.verdict === 'BLOCKED').length,
    injection_flagged: context.decisions.filter((d) => d.injection_flagged).length,
    open_critical_findings: open.filter((f) => f.severity === 'critical').length,
    open_high_findings: open.filter((f) => f.severity === 'high').length,
    agents_by_trust: agents,
  };
  const score = insuranceScore(measurements);
  const baseline = request.baseline_annual_premium_usd ?? 250000;
  return signDocument(
    {
      v: 1,
      kind: 'actiongate.insurance-certificate',
      certificate_id: complianceId('ins', now),
      tenant_id: tenantId,
      fleet_id: request.fleet_id ?? 'fleet-default',
      issued_at: new Date(now).toISOString(),
      period_start: new Date(start).toISOString(),
      period_end: new Date(now).toISOString(),
      measurements,
      factors: score.factors,
      risk_score: score.risk_score,
      tier: score.tier,
      baseline_annual_premium_usd: baseline,
      premium_multiplier: score.premium_multiplier,
      indicated_annual_premium_usd: Math.round(baseline * score.premium_multiplier * 100) / 100,
      journal_head: await compliance.journal.head(tenantId),
    },
    compliance.keyRing.current,
  );
}

function keysFrom(input: unknown, loc: (string | number)[]): PublicKeySet {
  try {
    return publicKeySet(input);
  } catch (error) {
    throw new ValidationFailed([{ loc, msg: (error as Error).message, type: 'value_error' }]);
  }
}

/** Verifies an insurance certificate: its signature (with the given key, else the service's) and that its score follows from its measurements. */
export function verifyInsurance(certificate: Record<string, any>, trustedPublicKey: string | null, serviceKeys: unknown) {
  const keys = trustedPublicKey ? keysFrom(trustedPublicKey, ['body', 'trusted_public_key']) : keysFrom(serviceKeys, ['body']);
  const answer = (reason: string | null) => ({
    valid: reason === null,
    reason,
    key_id: typeof certificate.key_id === 'string' ? certificate.key_id : null,
    checked_with: trustedPublicKey ? 'given-key' : 'service-keys',
    risk_score: typeof certificate.risk_score === 'number' ? certificate.risk_score : null,
  });
  if (certificate.kind !== 'actiongate.insurance-certificate') return answer('not an ActionGate insurance certificate');
  const problem = signedDocumentProblem(certificate, keys);
  if (problem) return answer(problem);
  const recomputed = insuranceScore(certificate.measurements);
  if (recomputed.risk_score !== certificate.risk_score || recomputed.tier !== certificate.tier)
    return answer('the score does not follow from the measurements');
  return answer(null);
}

/** Verifies a data room: per member, its tree heads, signed documents and audit packages against its own keys. */
export function verifyConsortium(dataRoom: Record<string, any>) {
  const members = dataRoom.members;
  if (!Array.isArray(members) || members.length === 0)
    throw new ValidationFailed([
      { loc: ['body', 'data_room', 'members'], msg: 'a non-empty list of members is required', type: 'missing' },
    ]);
  if (members.length > 100)
    throw new ValidationFailed([{ loc: ['body', 'data_room', 'members'], msg: 'at most 100 members', type: 'too_long' }]);
  const reports = members.map((member: Record<string, any>, i: number) => {
    const id = typeof member?.member_id === 'string' ? member.member_id : `member-${i}`;
    const checks: { item: string; valid: boolean; reason: string | null }[] = [];
    let keys: PublicKeySet;
    try {
      keys = publicKeySet(member.public_keys ?? member.public_key);
    } catch (error) {
      return { member_id: id, valid: false, checks: [{ item: 'public_keys', valid: false, reason: (error as Error).message }] };
    }
    const heads = Array.isArray(member.tree_heads) ? member.tree_heads : [];
    heads.forEach((head: any, j: number) => {
      let reason = treeHeadProblem(head, keys);
      if (!reason && j > 0 && head.tree_size < heads[j - 1].tree_size) reason = 'tree heads are not in order of size';
      if (!reason && j > 0 && head.tenant_id !== heads[0].tenant_id) reason = 'tree heads of different journals';
      checks.push({ item: `tree_heads[${j}]`, valid: reason === null, reason });
    });
    (Array.isArray(member.documents) ? member.documents : []).forEach((doc: unknown, j: number) => {
      const reason = signedDocumentProblem(doc, keys);
      checks.push({ item: `documents[${j}]`, valid: reason === null, reason });
    });
    (Array.isArray(member.audit_packages) ? member.audit_packages : []).forEach((encoded: unknown, j: number) => {
      const result =
        typeof encoded === 'string'
          ? verifyAuditPackage(Buffer.from(encoded, 'base64'), { keys })
          : { valid: false, problems: ['not base64 text'] };
      checks.push({
        item: `audit_packages[${j}]`,
        valid: result.valid,
        reason: result.valid ? null : result.problems.slice(0, 5).join('; '),
      });
    });
    if (checks.length === 0)
      checks.push({ item: 'evidence', valid: false, reason: 'the member brought no tree heads, documents or audit packages' });
    return { member_id: id, valid: checks.every((c) => c.valid), checks };
  });
  return { valid: reports.every((r: { valid: boolean }) => r.valid), members: reports };
}

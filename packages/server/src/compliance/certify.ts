// `CertifyRequest`: a signed attestation of the tenant's control results over the last 30 days,
// as JSON or as a PDF (certificate-pdf.ts). The certificate names the journal head it was made
// against, so its results can be tied to an audit package of the same journal.
import { signDocument, type SignedDocument } from '@actiongate/engine';
import { ValidationFailed } from '../errors.ts';
import { complianceId } from './compliance-ids.ts';
import type { ComplianceService } from './compliance-service.ts';

export const CERTIFICATE_PERIOD_MS = 30 * 24 * 3_600_000;

export async function issueCertificate(
  compliance: ComplianceService,
  tenantId: string,
  request: { category_filter?: string | null; include_advisory?: boolean },
  now: number,
): Promise<SignedDocument> {
  const includeAdvisory = request.include_advisory ?? false;
  const category = request.category_filter ?? null;
  const controls = (await compliance.listControls(tenantId)).filter(
    (control) => (category === null || control.category === category) && (includeAdvisory || control.assertion_level !== 'advisory'),
  );
  if (controls.length === 0)
    throw new ValidationFailed([
      { loc: ['body', 'category_filter'], msg: `no control in category \`${category}\` to certify`, type: 'value_error' },
    ]);
  const period = { start: now - CERTIFICATE_PERIOD_MS, end: now };
  const { results } = await compliance.evaluate(tenantId, controls, period, { source: 'certify' });
  const head = await compliance.journal.head(tenantId);
  return signDocument(
    {
      v: 1,
      kind: 'actiongate.compliance-certificate',
      certificate_id: complianceId('cert', now),
      tenant_id: tenantId,
      issued_at: new Date(now).toISOString(),
      period_start: new Date(period.start).toISOString(),
      period_end: new Date(period.end).toISOString(),
      category_filter: category,
      include_advisory: includeAdvisory,
      journal_head: head,
      summary: {
        total: results.length,
        passed: results.filter((r) => r.passed).length,
        failed: results.filter((r) => !r.passed).length,
      },
      controls: results.map((result, i) => ({
        control_id: result.control_id,
        name: result.control_name,
        category: controls[i].category,
        assertion_level: controls[i].assertion_level,
        status: result.status,
        passed: result.passed,
        result_id: result.result_id,
        evidence_count: result.examined,
        violations_count: result.violations.length,
        violations: result.violations.slice(0, 100),
      })),
    },
    compliance.keyRing.current,
  );
}

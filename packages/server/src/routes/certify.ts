// `POST /fabric/certify` (a signed attestation of the control results, PDF or JSON) and
// `GET /fabric/decisions/{decision_id}/canonical` (a decision in the spec's CanonicalDecision shape).
import { sign } from 'node:crypto';
import { canonicalDecision, verifyText } from '@actiongate/engine';
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import { renderCertificatePdf } from '../compliance/certificate-pdf.ts';
import { issueCertificate } from '../compliance/certify.ts';
import type { ComplianceService } from '../compliance/compliance-service.ts';
import type { App, AppContext } from '../context.ts';
import { decisionSignedPayload } from '../decision-signed-payload.ts';
import { ApiError } from '../errors.ts';
import { decisionRecord } from '../journal/journal-records.ts';
import { CanonicalDecision, CertifyRequest, ComplianceCertificate } from '../schemas/certify.ts';
import { errorResponses, ref } from '../schemas.ts';

export function certifyRoutes(app: App, ctx: AppContext, compliance: ComplianceService): void {
  app.post(
    '/fabric/certify',
    {
      schema: {
        tags: ['compliance'],
        body: CertifyRequest,
        response: {
          200: {
            description:
              'the certificate: JSON, or a PDF with the signed JSON attached and a detached Ed25519 signature of its bytes in `X-ActionGate-Signature`',
            content: {
              'application/json': { schema: ref(ComplianceCertificate) },
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errorResponses(404),
        },
      },
      config: { access: 'approver' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const named = request.body.tenant ?? 'demo';
      if (named !== 'demo' && named !== key.tenantId) {
        const tenant = await ctx.store.getTenant(key.tenantId);
        if (tenant?.name !== named) throw new ApiError('AG_NOT_FOUND', `tenant \`${named}\` not found`);
      }
      const certificate = await issueCertificate(compliance, key.tenantId, request.body, ctx.clock());
      if ((request.body.format ?? 'pdf') === 'json') return reply.type('application/json').send(certificate as never);
      const pdf = await renderCertificatePdf(certificate as never, JSON.stringify(certificate));
      const signingKey = ctx.keyRing.current;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${certificate.certificate_id as string}.pdf"`)
        .header('x-actiongate-signature', sign(null, pdf, signingKey.privateKey).toString('base64url'))
        .header('x-actiongate-key-id', signingKey.kid)
        .send(Buffer.from(pdf) as never);
    },
  );

  app.get(
    '/fabric/decisions/:decision_id/canonical',
    {
      schema: {
        tags: ['compliance'],
        params: Type.Object({ decision_id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: CanonicalDecision },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const { decision_id } = request.params as { decision_id: string };
      const row = await ctx.store.getDecision(key.tenantId, decision_id);
      // An agent key sees only its own agent's decisions, as elsewhere.
      if (!row || (key.kind === 'agent' && key.agentId !== row.agentId))
        throw new ApiError('AG_NOT_FOUND', `decision \`${decision_id}\` not found`);
      const entry = await ctx.store.journal.findByRef(key.tenantId, decision_id);
      const signer = ctx.keyRing.byKid(row.signingKeyId);
      const verified = signer ? verifyText(decisionSignedPayload(row), row.signature, signer.publicKey) : false;
      return canonicalDecision(decisionRecord(row), {
        outcome: row.outcome ? { status: row.outcome.status, detail: row.outcome.detail } : null,
        entryHash: entry?.entryHash ?? null,
        signatureVerified: verified,
      });
    },
  );
}

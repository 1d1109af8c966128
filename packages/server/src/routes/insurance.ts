// `POST /fabric/insurance/assess|verify` and `POST /fabric/consortium/verify`.
import { keyOf } from '../auth.ts';
import type { ComplianceService } from '../compliance/compliance-service.ts';
import { assessInsurance, verifyConsortium, verifyInsurance } from '../compliance/insurance.ts';
import type { App, AppContext } from '../context.ts';
import { errorResponses } from '../schemas.ts';
import {
  ConsortiumVerification,
  ConsortiumVerifyRequest,
  InsuranceAssessRequest,
  InsuranceCertificate,
  InsuranceVerification,
  InsuranceVerifyRequest,
} from '../schemas/insurance.ts';
import { ownTenant } from './compliance.ts';

export function insuranceRoutes(app: App, ctx: AppContext, compliance: ComplianceService): void {
  const tags = ['compliance'];
  app.post(
    '/fabric/insurance/assess',
    {
      schema: { tags, body: InsuranceAssessRequest, response: { 200: InsuranceCertificate, ...errorResponses(404) } },
      config: { access: 'approver' },
    },
    async (request) => {
      const key = keyOf(request);
      const tenantId = ownTenant(key.tenantId, request.body.tenant_id, ['tenant-default']);
      return (await assessInsurance(compliance, ctx.store, tenantId, request.body, ctx.clock())) as never;
    },
  );
  app.post(
    '/fabric/insurance/verify',
    { schema: { tags, body: InsuranceVerifyRequest, response: { 200: InsuranceVerification } }, config: { access: 'agent' } },
    async (request) =>
      verifyInsurance(request.body.certificate as Record<string, unknown>, request.body.trusted_public_key ?? null, {
        keys: ctx.keyRing.publicKeys(),
      }),
  );
  app.post(
    '/fabric/consortium/verify',
    { schema: { tags, body: ConsortiumVerifyRequest, response: { 200: ConsortiumVerification } }, config: { access: 'agent' } },
    async (request) => verifyConsortium(request.body.data_room as Record<string, unknown>),
  );
}

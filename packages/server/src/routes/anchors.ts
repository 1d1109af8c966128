// Journal anchors: `POST /fabric/journal/anchors` records a signed checkpoint of the journal head,
// `GET /fabric/journal/anchors` lists them, `GET /fabric/journal/anchors/{anchor_id}/verify` shows
// whether the journal as it is now still extends the anchored head (and the receipt file is intact).
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import { anchorCheckpoint, verifyAnchorNow } from '../compliance/anchors.ts';
import type { ComplianceService } from '../compliance/compliance-service.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { AnchorCheckpointRequest, AnchorList, AnchorReceipt, AnchorVerification } from '../schemas/anchors.ts';

export function anchorRoutes(app: App, ctx: AppContext, compliance: ComplianceService): void {
  const tags = ['journal'];
  app.post(
    '/fabric/journal/anchors',
    {
      schema: { tags, body: AnchorCheckpointRequest, response: { 201: AnchorReceipt, ...errorResponses(503) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const row = await anchorCheckpoint(
        compliance,
        keyOf(request).tenantId,
        { anchor_type: request.body.anchor_type, extra_config: (request.body.extra_config ?? null) as Record<string, unknown> | null },
        ctx.config.anchorDir,
        ctx.clock(),
        ctx.config.anchorUrl,
      );
      await ctx.store.compliance.saveAnchor(row);
      return reply.code(201).send(row.receipt as never);
    },
  );
  app.get(
    '/fabric/journal/anchors',
    { schema: { tags, response: { 200: AnchorList } }, config: { access: 'approver' } },
    async (request) => ({
      anchors: (await ctx.store.compliance.listAnchors(keyOf(request).tenantId, 1000)).map((row) => row.receipt as never),
    }),
  );
  app.get(
    '/fabric/journal/anchors/:anchor_id/verify',
    {
      schema: {
        tags,
        params: Type.Object({ anchor_id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: AnchorVerification },
      },
      config: { access: 'approver' },
    },
    async (request) => {
      const { anchor_id } = request.params as { anchor_id: string };
      const anchor = await ctx.store.compliance.getAnchor(keyOf(request).tenantId, anchor_id);
      if (!anchor) throw new ApiError('AG_NOT_FOUND', `anchor \`${anchor_id}\` not found`);
      return verifyAnchorNow(compliance, anchor, ctx.config.anchorDir) as never;
    },
  );
}

// Decisions: the call every agent makes, the list, one record and its signature.
import { Type } from 'typebox';
import { agentScope, keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { decisionSignedPayload, signatureCovers, signedVersionOf } from '../decision-signed-payload.ts';
import { presentDecision } from '../present.ts';
import { screenOutcomeResult } from '../outcomes/screen-outcome-result.ts';
import { nextTurn } from '../next-turn.ts';
import { decisionAnswerText } from '../decision-answer-text.ts';
import type { DecisionRow } from '../store/store.ts';
import {
  DecisionList,
  DecisionListQuery,
  DecisionRecord,
  DecisionRequest,
  DecisionSignature,
  errorResponses,
  ErrorResponse,
  IdParams,
  OutcomeRequest,
} from '../schemas.ts';

// A repeat of the same key (per tenant and API key) within 24 h gets the first answer; see decision-service.ts.
const DecisionHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$', description: 'printable ASCII, no spaces' }),
  ),
});

export function decisionRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/fabric/decisions',
    {
      schema: {
        body: DecisionRequest,
        headers: DecisionHeaders,
        // 403: an agent key naming another agent (nothing is decided or recorded).
        response: { 200: DecisionRecord, 403: ErrorResponse, ...errorResponses(503) },
      },
      // The decision's transaction reads the key again and refuses a revoked one (Store.findKeyForDecision).
      config: { access: 'agent', keyCheckedInTransaction: true },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      const started = performance.now();
      // Issue 15: the answer's JSON is written while the commit's fsync runs (next-turn.ts), so after
      // the fsync only the send is left. Used only for the very record committed (same stages array:
      // the store answers `{ ...record, seq }`, and the answer shows no seq); otherwise serialised as usual.
      let prepared: { record: DecisionRow; json: string } | null = null;
      const prepare = (record: DecisionRow) =>
        nextTurn(() => {
          prepared = { record, json: decisionAnswerText(record) ?? (reply.serialize(presentDecision(record, false)) as string) };
        });
      let row: Awaited<ReturnType<typeof ctx.decisions.decide>>;
      try {
        row = await ctx.decisions.decide(keyOf(request), request.body, {
          idempotencyKey,
          trace: request.traceContext,
          traceId: ctx.tracing.traceIdOf(request.headers),
          token: request.agentToken,
          onRecord: prepare,
        });
      } catch (error) {
        const status = error instanceof ApiError ? error.status : error instanceof ValidationFailed ? 422 : 500;
        if (status >= 500) ctx.metrics.decisionFailed();
        throw error;
      }
      if (row.replayed) {
        // A replay answers an earlier decision again: counted once, when it was made.
        reply.header('idempotency-replayed', 'true');
        return presentDecision(row, false);
      }
      const decided = row;
      const seconds = (performance.now() - started) / 1000;
      // Recorded once the answer is written.
      nextTurn(() => ctx.metrics.decided(decided, seconds));
      const ready = prepared as { record: DecisionRow; json: string } | null;
      if (ready && ready.record.id === row.id && ready.record.stages === row.stages && ready.record.verdict === row.verdict) {
        return reply.type('application/json; charset=utf-8').send(ready.json as never);
      }
      return presentDecision(row, false);
    },
  );

  app.get(
    '/fabric/decisions',
    { schema: { querystring: DecisionListQuery, response: { 200: DecisionList } }, config: { access: 'agent' } },
    async (request) => {
      const key = keyOf(request);
      const q = request.query;
      const scope = agentScope(key);
      if (scope && q.agent_id && q.agent_id !== scope) return { decisions: [], next_cursor: null };
      let beforeSeq: number | undefined;
      if (q.cursor !== undefined) {
        beforeSeq = Number.parseInt(q.cursor, 36);
        if (!Number.isSafeInteger(beforeSeq) || beforeSeq < 0) {
          throw new ApiError('AG_NOT_FOUND', `unknown cursor \`${q.cursor}\``);
        }
      }
      const limit = q.limit ?? 50;
      const rows = await ctx.store.listDecisions(key.tenantId, {
        limit,
        beforeSeq,
        agentId: scope ?? q.agent_id,
        verdict: q.verdict,
        path: q.path,
      });
      const last = rows[rows.length - 1];
      return {
        decisions: rows.map((row) => presentDecision(row)),
        next_cursor: rows.length === limit && last ? last.seq.toString(36) : null,
      };
    },
  );

  const findDecision = async (key: ReturnType<typeof keyOf>, id: string) => {
    const row = await ctx.store.getDecision(key.tenantId, id);
    const scope = agentScope(key);
    if (!row || (scope && row.agentId !== scope)) throw new ApiError('AG_NOT_FOUND', `decision \`${id}\` not found`);
    return row;
  };

  app.get(
    '/fabric/decisions/:id',
    { schema: { params: IdParams, response: { 200: DecisionRecord } }, config: { access: 'agent' } },
    async (request) => presentDecision(await findDecision(keyOf(request), request.params.id)),
  );

  app.get(
    '/fabric/decisions/:id/signature',
    {
      schema: {
        params: IdParams,
        response: {
          200: DecisionSignature,
        },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const row = await findDecision(keyOf(request), request.params.id);
      return {
        decision_id: row.id,
        algorithm: 'Ed25519' as const,
        key_id: row.signingKeyId,
        // Rebuilt from the row when not stored; the signature covers exactly this text, so every
        // signature check also checks the rebuild.
        signed_payload: row.signedPayload ?? decisionSignedPayload(row),
        signature: row.signature,
        version: signedVersionOf(row),
        covers: [...signatureCovers(row)],
      };
    },
  );

  app.post(
    '/fabric/decisions/:id/outcome',
    {
      schema: { params: IdParams, body: OutcomeRequest, response: { 200: DecisionRecord, ...errorResponses(409) } },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const row = await findDecision(key, request.params.id);
      const result = await ctx.store.setOutcome(
        key.tenantId,
        row.id,
        {
          status: request.body.status,
          detail: request.body.detail ?? null,
          at: ctx.clock(),
          // Issue 13: screened before it is stored, so the verdict is committed with the outcome it answers.
          resultScreen: request.body.result === undefined ? null : screenOutcomeResult(request.body.result),
        },
        { actualCostCents: request.body.actual_cost_cents ?? null },
      );
      if (result === 'already_set') throw new ApiError('AG_CONFLICT', `decision \`${row.id}\` already has an outcome`);
      return presentDecision((await ctx.store.getDecision(key.tenantId, row.id))!);
    },
  );
}

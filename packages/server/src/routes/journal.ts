// The tenant's tamper-evident journal: export (JSON or NDJSON), signed tree head, inclusion and
// consistency proofs, and verification of an exported copy. Reading it needs a customer key; a
// tenant only ever sees its own journal (another tenant's evidence id is 404).
import { Readable } from 'node:stream';
import { publicKeySet, verifyJournal } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { entryLine, presentEntry, type JournalService } from '../journal/journal-service.ts';
import {
  ConsistencyProof,
  ConsistencyQuery,
  InclusionProof,
  InclusionProofRequest,
  JournalExport,
  JournalListQuery,
  JournalVerification,
  JournalVerifyReq,
  TreeHead,
} from '../journal/journal-schemas.ts';
import { errorResponses } from '../schemas.ts';

const PAGE = 500;

export function journalRoutes(app: App, ctx: AppContext, journal: JournalService): void {
  app.get('/fabric/journal/head', { schema: { response: { 200: TreeHead } }, config: { access: 'approver' } }, async (request) =>
    journal.head(keyOf(request).tenantId),
  );

  app.get(
    '/fabric/journal',
    { schema: { querystring: JournalListQuery, response: { 200: JournalExport } }, config: { access: 'approver' } },
    async (request, reply) => {
      const tenantId = keyOf(request).tenantId;
      const after = request.query.after ?? 0;
      const limit = request.query.limit ?? 1000;
      if ((request.headers.accept ?? '').includes('application/x-ndjson')) {
        // Paged reads between writes: a SQLite cursor must not stay open across turns of the event loop.
        async function* lines() {
          let seq = after;
          let left = limit;
          while (left > 0) {
            const rows = await ctx.store.journal.list(tenantId, seq, Math.min(PAGE, left));
            if (rows.length === 0) return;
            yield rows.map(entryLine).join('');
            seq = rows[rows.length - 1].seq;
            left -= rows.length;
          }
        }
        reply.type('application/x-ndjson');
        // A stream is sent as it is; the response schema describes the JSON form only.
        return reply.send(Readable.from(lines()) as never);
      }
      const rows = await ctx.store.journal.list(tenantId, after, limit);
      const last = rows[rows.length - 1];
      return {
        entries: rows.map(presentEntry),
        // An export from the first entry comes with a signed head over exactly those entries.
        tree_head: after === 0 && last ? await journal.headAt(tenantId, last.seq) : null,
        next_after: rows.length === limit && last ? last.seq : null,
      };
    },
  );

  app.post(
    '/fabric/journal/inclusion-proof',
    { schema: { body: InclusionProofRequest, response: { 200: InclusionProof, ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => {
      const proof = await journal.inclusionProof(keyOf(request).tenantId, request.body.evidence_id);
      if (!proof) throw new ApiError('AG_NOT_FOUND', `evidence \`${request.body.evidence_id}\` is not in this journal`);
      return proof;
    },
  );

  app.get(
    '/fabric/journal/consistency',
    { schema: { querystring: ConsistencyQuery, response: { 200: ConsistencyProof } }, config: { access: 'approver' } },
    async (request) => {
      const result = await journal.consistencyProof(keyOf(request).tenantId, request.query.from, request.query.to);
      if ('error' in result) throw new ValidationFailed([{ loc: ['query', 'to'], msg: result.error, type: 'value_error' }]);
      return result;
    },
  );

  app.post(
    '/fabric/journal/verify',
    { schema: { body: JournalVerifyReq, response: { 200: JournalVerification } }, config: { access: 'agent' } },
    async (request) => {
      let keys;
      try {
        keys = publicKeySet(request.body.fabric_public_key);
      } catch (error) {
        throw new ValidationFailed([{ loc: ['body', 'fabric_public_key'], msg: (error as Error).message, type: 'value_error' }]);
      }
      // A journal that fails is an answer (200, `valid: false`), not an error.
      return verifyJournal(request.body.journal, {
        keys,
        expectedHead: request.body.expected_head ?? null,
        treeHead: request.body.tree_head ?? undefined,
      });
    },
  );
}

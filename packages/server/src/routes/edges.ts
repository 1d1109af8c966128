// Issue 20: acting edges (who may act for whom, with evidence and expiry) and the checks over
// identities: capability check (its own capabilities or a live delegation to it), impersonation
// check (claimed versus actual identity, through a chain of live edges: engine `actingPath`), and
// composition evaluate (grants whose union exceeds any single one: engine `composeGrants`).
import { Type } from 'typebox';
import { actingPath, composeGrants, coveringScope, type ComposedGrant } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import { identityStatus } from '../identity/identity-status.ts';
import { newIdentityId } from '../identity/identity-ids.ts';
import { delegationStatus } from '../identity/present-identity.ts';
import { iso } from '../present.ts';
import { errorResponses } from '../schemas.ts';
import {
  CapabilityCheck,
  CapabilityCheckRequest,
  CompositionEvaluateRequest,
  CompositionResult,
  Edge,
  EdgeList,
  EdgeReq,
  ImpersonationCheck,
  ImpersonationCheckRequest,
} from '../schemas/edges.ts';
import type { EdgeRow } from '../store/edge-store.ts';
import type { IdentityRow } from '../store/identity-store.ts';
import type { KeyRow } from '../store/store.ts';

const EdgeParams = Type.Object({ edge_id: Type.String({ minLength: 1, maxLength: 200 }) });
const EdgeListQuery = Type.Object(
  { identity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);

function presentEdge(row: EdgeRow, now: number) {
  return {
    edge_id: row.id,
    source: row.source,
    target: row.target,
    relation: row.relation,
    evidence_ref: row.evidenceRef,
    allowed_actions: row.allowedActions,
    status: row.revokedAt !== null ? 'revoked' : row.expiresAt !== null && row.expiresAt <= now ? 'expired' : 'active',
    created_at: iso(row.createdAt),
    expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
    revoked_at: row.revokedAt === null ? null : iso(row.revokedAt),
  };
}

export function edgeRoutes(app: App, ctx: AppContext): void {
  const identities = ctx.store.identities;
  const edges = ctx.store.edges;

  /** The identity `name` names (its `identity_id` or `agent_id`) in the key's tenant; 404 otherwise. */
  const identityNamed = async (key: KeyRow, name: string, field: string): Promise<IdentityRow> => {
    const row = (await identities.getIdentity(key.tenantId, name)) ?? (await identities.findIdentityByAgent(key.tenantId, name));
    if (!row) throw new ApiError('AG_NOT_FOUND', `${field}: no identity \`${name}\``);
    return row;
  };

  app.post(
    '/fabric/edges',
    {
      schema: { summary: 'Record who may act for whom (EdgeReq)', body: EdgeReq, response: { 201: Edge, ...errorResponses(404, 409) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const now = ctx.clock();
      const source = await identityNamed(key, body.source, 'source');
      const target = await identityNamed(key, body.target, 'target');
      for (const row of [source, target]) {
        const status = identityStatus(row, now);
        if (status !== 'active') throw new ApiError('AG_CONFLICT', `identity \`${row.id}\` is ${status}`);
      }
      if (source.id === target.id) {
        throw new ValidationFailed([{ loc: ['body', 'target'], msg: 'an identity needs no edge to act for itself', type: 'value_error' }]);
      }
      const expiresAt = body.expires_at === null || body.expires_at === undefined ? null : Math.round(body.expires_at * 1000);
      if (expiresAt !== null && expiresAt <= now) {
        throw new ValidationFailed([{ loc: ['body', 'expires_at'], msg: 'is in the past', type: 'value_error' }]);
      }
      const row: EdgeRow = {
        id: newIdentityId('edg', now),
        tenantId: key.tenantId,
        source: source.id,
        target: target.id,
        relation: body.relation,
        evidenceRef: body.evidence_ref,
        allowedActions: [...new Set(body.allowed_actions)],
        createdByKeyId: key.id,
        createdAt: now,
        // An edge lasts no longer than either identity.
        expiresAt: [expiresAt, source.expiresAt, target.expiresAt].reduce<number | null>(
          (min, t) => (t === null ? min : min === null ? t : Math.min(min, t)),
          null,
        ),
        revokedAt: null,
      };
      await edges.createEdge(row);
      reply.code(201);
      return presentEdge(row, now);
    },
  );

  app.get(
    '/fabric/edges',
    { schema: { querystring: EdgeListQuery, response: { 200: EdgeList, ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const touching = request.query.identity_id ? (await identityNamed(key, request.query.identity_id, 'identity_id')).id : undefined;
      return { edges: (await edges.liveEdges(key.tenantId, now, touching)).map((row) => presentEdge(row, now)) };
    },
  );

  app.delete(
    '/fabric/edges/:edge_id',
    { schema: { params: EdgeParams, response: { 200: Edge, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const row = await edges.getEdge(key.tenantId, request.params.edge_id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `edge \`${request.params.edge_id}\` not found`);
      if (!(await edges.revokeEdge(key.tenantId, row.id, now))) throw new ApiError('AG_CONFLICT', `edge \`${row.id}\` is already revoked`);
      return presentEdge({ ...row, revokedAt: now }, now);
    },
  );

  app.post(
    '/fabric/capabilities/check',
    {
      schema: {
        summary: 'Whether an identity holds a capability (CapabilityCheckRequest)',
        body: CapabilityCheckRequest,
        response: { 200: CapabilityCheck, ...errorResponses(404) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const body = request.body;
      const identity = await identityNamed(key, body.identity_id, 'identity_id');
      const answer = (allowed: boolean, via: string | null, grantId: string | null, matched: string | null, detail: string) => ({
        identity_id: identity.id,
        capability: body.capability,
        allowed,
        via,
        grant_id: grantId,
        matched,
        detail,
      });
      const status = identityStatus(identity, now);
      if (status !== 'active') return answer(false, null, null, null, `identity \`${identity.id}\` is ${status}: it holds nothing`);
      const own = coveringScope(identity.capabilities ?? [], body.capability);
      if (own !== undefined)
        return answer(true, 'identity', identity.id, own, `its own capability \`${own}\` covers \`${body.capability}\``);
      const given = await identities.listDelegations(key.tenantId, { identityId: identity.id, limit: 500 });
      for (const row of given) {
        if (row.delegateId !== identity.id || delegationStatus(row, now) !== 'active') continue;
        const matched = coveringScope(row.capabilities, body.capability);
        if (matched !== undefined) {
          return answer(
            true,
            'delegation',
            row.id,
            matched,
            `delegation \`${row.id}\` (until ${iso(row.expiresAt)}) covers \`${body.capability}\` with \`${matched}\``,
          );
        }
      }
      return answer(
        false,
        null,
        null,
        null,
        `neither identity \`${identity.id}\` nor any live delegation to it covers \`${body.capability}\``,
      );
    },
  );

  app.post(
    '/fabric/impersonation/check',
    {
      schema: {
        summary: 'Whether an identity may act as the one it claims, through live edges (ImpersonationCheckRequest)',
        body: ImpersonationCheckRequest,
        response: { 200: ImpersonationCheck, ...errorResponses(404) },
      },
      config: { access: 'agent' },
    },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const body = request.body;
      const actual = await identityNamed(key, body.actual_identity, 'actual_identity');
      const claimed = await identityNamed(key, body.claiming_identity, 'claiming_identity');
      const base = { claiming_identity: claimed.id, actual_identity: actual.id };
      for (const row of [actual, claimed]) {
        const status = identityStatus(row, now);
        if (status !== 'active') {
          return {
            ...base,
            allowed: false,
            impersonation: true,
            path: [],
            allowed_actions: [],
            detail: `identity \`${row.id}\` is ${status}`,
          };
        }
      }
      // Only edges between active identities carry authority.
      const live = await edges.liveEdges(key.tenantId, now);
      const found = actingPath(live, actual.id, claimed.id);
      if (!found.ok) return { ...base, allowed: false, impersonation: true, path: [], allowed_actions: [], detail: found.detail };
      for (const edge of found.edges) {
        const middle = await identities.getIdentity(key.tenantId, edge.target);
        if (!middle || identityStatus(middle, now) !== 'active') {
          return {
            ...base,
            allowed: false,
            impersonation: true,
            path: [],
            allowed_actions: [],
            detail: `identity \`${edge.target}\` on the path is not active`,
          };
        }
      }
      return {
        ...base,
        allowed: true,
        impersonation: false,
        path: found.edges.map((edge) => ({ edge_id: edge.id, source: edge.source, target: edge.target, relation: edge.relation })),
        allowed_actions: found.allowedActions,
        detail:
          found.edges.length === 0
            ? 'the same identity'
            : `\`${actual.id}\` acts for \`${claimed.id}\` through ${found.edges.map((e) => `${e.id} (${e.relation})`).join(' → ')}, for ${found.allowedActions.map((a) => `\`${a}\``).join(', ')}`,
      };
    },
  );

  app.post(
    '/fabric/composition/evaluate',
    {
      schema: {
        summary: 'Flag active grants whose union exceeds what any single one allows (CompositionEvaluateRequest)',
        body: CompositionEvaluateRequest,
        response: { 200: CompositionResult, ...errorResponses(404, 409) },
      },
      config: { access: 'approver' },
    },
    async (request) => {
      const key = keyOf(request);
      const now = ctx.clock();
      const grants: ComposedGrant[] = [];
      for (const [i, item] of request.body.active.entries()) {
        if (item.delegation_id !== undefined) {
          if (item.capabilities !== undefined) {
            throw new ValidationFailed([
              {
                loc: ['body', 'active', i, 'capabilities'],
                msg: 'give a `delegation_id` or inline `capabilities`, not both',
                type: 'value_error',
              },
            ]);
          }
          const row = await identities.getDelegation(key.tenantId, item.delegation_id);
          if (!row) throw new ApiError('AG_NOT_FOUND', `delegation \`${item.delegation_id}\` not found`);
          const status = delegationStatus(row, now);
          if (status !== 'active') throw new ApiError('AG_CONFLICT', `delegation \`${row.id}\` is ${status}, not active`);
          grants.push({ id: item.id ?? row.id, capabilities: row.capabilities });
        } else if (item.capabilities !== undefined) {
          grants.push({ id: item.id ?? `#${i}`, capabilities: item.capabilities });
        } else {
          throw new ValidationFailed([
            { loc: ['body', 'active', i], msg: 'each grant needs a `delegation_id` or `capabilities`', type: 'missing' },
          ]);
        }
      }
      const result = composeGrants(grants);
      return { ...result, grants: grants.map((g) => ({ id: g.id, capabilities: [...g.capabilities] })) };
    },
  );
}

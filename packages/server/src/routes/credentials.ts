// The vault (issue 18): credentials are added or rotated by name, listed without their secret, and
// deleted. The secret goes in once, sealed; no answer, log line, event or error ever carries it.
import { keyOf } from '../auth.ts';
import type { Enforcement } from '../broker/enforcement.ts';
import { hostEntryProblem } from '../broker/host-allowlist.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed, type ValidationItem } from '../errors.ts';
import { iso } from '../present.ts';
import { NoContent } from '../schemas.ts';
import { Credential, CredentialList, CredentialParams, CredentialRequest } from '../schemas/credentials.ts';
import type { CredentialRow } from '../store/credential-store.ts';
import { errorResponses } from '../schemas.ts';

export function presentCredential(row: CredentialRow) {
  return {
    name: row.name,
    kind: row.kind,
    version: row.version,
    allowed_hosts: row.allowedHosts,
    allowed_methods: row.allowedMethods,
    header_name: row.headerName,
    description: row.description,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    last_used_at: iso(row.lastUsedAt),
  };
}

/** A closed tenant's records stay readable, but nothing about it changes any more. */
export async function refuseIfClosed(enforcement: Enforcement, tenantId: string): Promise<void> {
  const state = await enforcement.posture.get(tenantId);
  if (state.closure) throw new ApiError('AG_CONFLICT', `the tenant was closed on ${iso(state.closure.since)}; its records are read-only`);
}

export function credentialRoutes(app: App, ctx: AppContext, enforcement: Enforcement): void {
  app.post(
    '/fabric/credentials',
    {
      schema: { body: CredentialRequest, response: { 200: Credential, 201: Credential, ...errorResponses(409) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const key = keyOf(request);
      await refuseIfClosed(enforcement, key.tenantId);
      const body = request.body;
      const kind = body.kind ?? 'bearer';
      const problems: ValidationItem[] = [];
      body.allowed_hosts.forEach((entry, i) => {
        const problem = hostEntryProblem(entry);
        if (problem) problems.push({ loc: ['body', 'allowed_hosts', i], msg: problem, type: 'value_error' });
      });
      if (kind === 'header' && !body.header_name) {
        problems.push({ loc: ['body', 'header_name'], msg: 'a `header` credential needs `header_name`', type: 'missing' });
      }
      if (kind === 'basic' && !body.secret.includes(':')) {
        // Said without the secret: the message must never echo it.
        problems.push({ loc: ['body', 'secret'], msg: 'a `basic` secret is `user:password` (no `:` found)', type: 'value_error' });
      }
      if (problems.length) throw new ValidationFailed(problems);
      const now = ctx.clock();
      const existing = await ctx.store.credentials.getCredential(key.tenantId, body.name);
      const version = (existing?.version ?? 0) + 1;
      const row: CredentialRow = {
        tenantId: key.tenantId,
        name: body.name,
        kind,
        version,
        allowedHosts: body.allowed_hosts,
        allowedMethods: body.allowed_methods?.length ? [...new Set(body.allowed_methods)] : null,
        headerName: body.header_name ?? null,
        description: body.description ?? null,
        sealed: enforcement.vault.seal(key.tenantId, body.name, version, body.secret),
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
        lastUsedAt: existing?.lastUsedAt ?? null,
      };
      if (!(await ctx.store.credentials.putCredential(row))) {
        throw new ApiError('AG_CONFLICT', `credential \`${body.name}\` was changed meanwhile; send it again`);
      }
      request.log.info({ tenant: key.tenantId, credential: body.name, version }, existing ? 'credential rotated' : 'credential added');
      const saved = presentCredential((await ctx.store.credentials.getCredential(key.tenantId, body.name))!);
      // What changed in the vault, never the secret: the event carries what the list shows.
      await ctx.store.appendEvent(
        key.tenantId,
        'credential.saved',
        { ...saved, change: existing ? 'rotated' : 'added', key_id: key.id },
        now,
      );
      reply.code(existing ? 200 : 201);
      return saved;
    },
  );

  app.get('/fabric/credentials', { schema: { response: { 200: CredentialList } }, config: { access: 'approver' } }, async (request) => {
    const key = keyOf(request);
    return { credentials: (await ctx.store.credentials.listCredentials(key.tenantId)).map(presentCredential) };
  });

  app.delete(
    '/fabric/credentials/:name',
    { schema: { params: CredentialParams, response: { 204: NoContent, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      await refuseIfClosed(enforcement, key.tenantId);
      if (!(await ctx.store.credentials.deleteCredential(key.tenantId, request.params.name))) {
        throw new ApiError('AG_NOT_FOUND', `credential \`${request.params.name}\` not found`);
      }
      request.log.info({ tenant: key.tenantId, credential: request.params.name }, 'credential deleted');
      await ctx.store.appendEvent(key.tenantId, 'credential.deleted', { name: request.params.name, key_id: key.id }, ctx.clock());
      reply.code(204);
    },
  );
}

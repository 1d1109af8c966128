// The operator console: static files built at install time (packages/console/dist), served with a
// Content-Security-Policy that allows nothing but this origin, and `GET /fabric/me`, which tells
// the console who the signed-in key is. The console holds the key in sessionStorage and sends it
// as `X-API-Key`; nothing here sets a cookie.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { Me } from '../schemas.ts';

const DEFAULT_DIST = fileURLToPath(new URL('../../../console/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-cache',
};

interface Asset {
  body: Buffer;
  type: string;
}

/** The built files, read once; only these names are ever served, so no path reaches the disk. */
function loadAssets(dist: string): { index: Asset | null; assets: Map<string, Asset> } {
  const assets = new Map<string, Asset>();
  const dir = join(dist, 'assets');
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      const type = TYPES[extname(name)];
      if (type) assets.set(name, { body: readFileSync(join(dir, name)), type });
    }
  }
  const indexFile = join(dist, 'index.html');
  return { index: existsSync(indexFile) ? { body: readFileSync(indexFile), type: TYPES['.html'] } : null, assets };
}

export function dashboardRoutes(app: App, ctx: AppContext, options: { distDir?: string } = {}): void {
  const { index, assets } = loadAssets(options.distDir ?? DEFAULT_DIST);

  const page = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    reply.headers(SECURITY_HEADERS);
    if (!index) {
      reply.code(503).type('text/plain; charset=utf-8');
      return 'the console is not built; run `npm run build -w packages/console` and restart\n';
    }
    reply.type(index.type);
    return index.body;
  };
  // Pages, not API: kept out of the OpenAPI document.
  app.get('/dashboard', { schema: { hide: true }, config: { public: true } }, page);
  app.get('/dashboard/', { schema: { hide: true }, config: { public: true } }, page);

  app.get(
    '/dashboard/assets/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 200 }) }) }, config: { public: true } },
    async (request, reply) => {
      const asset = assets.get(request.params.name);
      reply.headers(SECURITY_HEADERS);
      if (!asset) {
        reply.code(404);
        return { detail: `no console asset \`${request.params.name}\``, code: 'AG_NOT_FOUND' };
      }
      reply.type(asset.type);
      return asset.body;
    },
  );

  app.get('/fabric/me', { schema: { response: { 200: Me } }, config: { access: 'agent' } }, async (request) => {
    const key = keyOf(request);
    const tenant = await ctx.store.getTenant(key.tenantId);
    return {
      key_id: key.id,
      kind: key.kind,
      role: key.role,
      name: key.name,
      agent_id: key.agentId,
      tenant_id: key.tenantId,
      tenant_name: tenant?.name ?? null,
      can_approve: key.kind === 'customer',
      is_admin: key.kind === 'customer' && key.role === 'admin',
    };
  });
}

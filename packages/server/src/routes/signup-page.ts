// The signup page (only when `ACTIONGATE_SIGNUP=open`): a small HTML form, its script and style,
// served from files beside this module. The page calls the JSON `POST /signup` and shows the key once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';

const ASSETS = {
  '/signup': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/signup/signup.js': { file: 'signup.js', type: 'text/javascript; charset=utf-8' },
  '/signup/signup.css': { file: 'signup.css', type: 'text/css; charset=utf-8' },
} as const;

// Scripts and styles only from this origin: the page has no inline script and loads nothing from a CDN.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function signupPageRoutes(app: App, ctx: AppContext): void {
  const dir = new URL('../signup-page/', import.meta.url);
  for (const [path, asset] of Object.entries(ASSETS)) {
    const content = readFileSync(fileURLToPath(new URL(asset.file, dir)), 'utf8');
    app.get(path, { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
      if (!ctx.config.signupOpen) throw new ApiError('AG_NOT_FOUND', 'signup is not enabled on this service');
      // The page shows a secret once: it must not be kept by caches.
      reply
        .type(asset.type)
        .header('cache-control', 'no-store')
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer');
      return content;
    });
  }
}

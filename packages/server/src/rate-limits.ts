// Throttles for what anyone can call without a key (issue 23), with @fastify/rate-limit, per client
// address (behind a reverse proxy, set ACTIONGATE_TRUST_PROXY so the address is the client's, not
// the proxy's): `POST /signup` per hour, every other unauthenticated route per minute.
// Health probes are left alone: a throttled probe would take a healthy node out of service.
// Requests with a key are not counted here; keys are checked (and refused) before any work.
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { App } from './context.ts';
import { ApiError } from './errors.ts';

/** Whether a request reaches a route that needs no key. */
function unauthenticated(request: FastifyRequest): boolean {
  const config = request.routeOptions.config ?? {};
  const path = request.routeOptions.url ?? request.url;
  return Boolean(config.public) || !path.startsWith('/fabric');
}

/** Creating a tenant (the page and its assets count as any keyless route). */
function isSignup(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.routeOptions.url === '/signup';
}

/**
 * Issue 15: a route that needs a key, or a probe, is never throttled here, whatever the request:
 * such routes get no rate-limit hook at all (it ran on every decision to find the request allowed,
 * three promises deep). Runs before the plugin's own `onRoute`, which skips `rateLimit: false`.
 */
function exemptKeyedRoutes(app: App): void {
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    // A route that sets its own limit keeps it.
    if (config.rateLimit !== undefined) return;
    if ((!config.public && route.url.startsWith('/fabric')) || config.probe) route.config = { ...config, rateLimit: false };
  });
}

export function registerRateLimits(app: App, config: Config): void {
  exemptKeyedRoutes(app);
  app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    // Signups and the rest count apart, so browsing the docs does not use up the signups.
    keyGenerator: (request) => `${isSignup(request) ? 'signup' : 'public'}:${request.ip}`,
    max: (request) => (isSignup(request) ? config.signupPerHour : config.publicPerMinute),
    timeWindow: (request) => (isSignup(request) ? 3_600_000 : 60_000),
    allowList: (request) => !unauthenticated(request) || Boolean(request.routeOptions.config?.probe),
    // Thrown by the plugin (after it set Retry-After), answered by errors.ts like every error.
    errorResponseBuilder: (_request, context) =>
      new ApiError('AG_THROTTLED', `too many requests from this address; retry in ${Math.ceil(context.ttl / 1000)} s`),
  });
}

// Brokered calls (`POST /fabric/calls`): the agent names a vault credential and an HTTP request;
// the request is decided like any tool call (`/tools/http/<host>` with method, URL and body as the
// payload) and, only when the verdict starts with ALLOWED, sent with the secret injected here. The
// agent never holds the secret, and an answer never carries it (echoes are scrubbed).
import { brokeredToolPath, parseTarget } from '@actiongate/engine';
import { isIP } from 'node:net';
import type { DecisionService } from '../decision-service.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import type { PostureCache } from '../posture/posture-cache.ts';
import type { CallRequest } from '../schemas/credentials.ts';
import type { CredentialRow } from '../store/credential-store.ts';
import type { DecisionRow, KeyRow, Store } from '../store/store.ts';
import type { Vault } from '../vault/vault.ts';
import { addressRefusal } from './address-policy.ts';
import { credentialHeader, injectCredential, redactBytes, redactText, secretForms } from './credential-injection.ts';
import { allowedHostMatch } from './host-allowlist.ts';
import { CallRefused, resolvePinned, type Resolver } from './pinned-address.ts';
import { UpstreamAgents } from './upstream-agents.ts';
import { sendUpstream, UpstreamRefused, type UpstreamLimits } from './upstream-request.ts';

/** Headers the agent may not set: the transport's own, and hop-by-hop ones. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'expect',
]);

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|problem\+json|[\w.+-]+\+(json|xml)))/i;

export interface CallResult {
  sent: boolean;
  detail: string;
  error: string | null;
  decision: DecisionRow;
  upstream: {
    status: number;
    headers: Record<string, string>;
    body: string;
    body_encoding: 'utf8' | 'base64';
    bytes: number;
    redirects: number;
  } | null;
}

export class CallBroker {
  private readonly agents: UpstreamAgents;

  constructor(
    private readonly deps: {
      store: Store;
      decisions: DecisionService;
      vault: Vault;
      posture: PostureCache;
      clock: () => number;
      limits: UpstreamLimits;
      /** Tests may answer DNS themselves; the system resolver otherwise. */
      resolver?: Resolver;
    },
  ) {
    this.agents = new UpstreamAgents(deps.limits);
  }

  /** Closes the kept-alive upstream connections (the service is stopping). */
  close(): Promise<void> {
    return this.agents.close();
  }

  async call(key: KeyRow, request: CallRequest): Promise<CallResult> {
    const method = request.method ?? 'GET';
    if (request.json !== undefined && request.json !== null && request.body !== undefined && request.body !== null) {
      throw new ValidationFailed([{ loc: ['body', 'body'], msg: 'send either `json` or `body`, not both', type: 'value_error' }]);
    }
    const credential = await this.deps.store.credentials.getCredential(key.tenantId, request.credential);
    if (!credential) throw new ApiError('AG_NOT_FOUND', `credential \`${request.credential}\` not found`);
    const target = parseTarget(request.url);
    if ('error' in target) throw new ValidationFailed([{ loc: ['body', 'url'], msg: target.error, type: 'value_error' }]);
    // The credential's own limits come first: nothing is decided, nothing sent, for a host or method it does not cover.
    const match = allowedHostMatch(credential.allowedHosts, target.host);
    if (!match) {
      throw new ApiError(
        'AG_FORBIDDEN',
        `credential \`${credential.name}\` may not be sent to \`${target.host}\` (allowed_hosts: ${credential.allowedHosts.join(', ')}); nothing was sent`,
      );
    }
    if (credential.allowedMethods && credential.allowedMethods.length > 0 && !credential.allowedMethods.includes(method)) {
      throw new ApiError(
        'AG_FORBIDDEN',
        `credential \`${credential.name}\` allows ${credential.allowedMethods.join(', ')}, not ${method}; nothing was sent`,
      );
    }
    if (isIP(target.host)) {
      const refusal = addressRefusal(target.host, match === 'literal');
      if (refusal) throw new ApiError('AG_FORBIDDEN', `${refusal}; nothing was sent`);
    }
    const headers = this.agentHeaders(request.headers ?? {}, credential);
    const payload: Record<string, unknown> = { method, url: request.url, credential: credential.name };
    if (Object.keys(headers).length > 0) payload.headers = headers;
    if (request.json !== undefined && request.json !== null) payload.json = request.json;
    if (request.body !== undefined && request.body !== null) payload.body = request.body;

    const decision = await this.deps.decisions.decide(key, {
      path: brokeredToolPath(target.host),
      agent_id: request.agent_id ?? undefined,
      payload,
    });
    if (decision.blocked || !decision.verdict.startsWith('ALLOWED')) {
      const what = decision.verdict === 'REQUIRE_APPROVAL' ? `held for approval ${decision.approvalId}` : decision.verdict.toLowerCase();
      return { sent: false, detail: `not sent: ${what} (${decision.detail})`, error: null, decision, upstream: null };
    }
    return this.send(key, credential, decision, { method, url: new URL(request.url), headers, payload, literal: match === 'literal' });
  }

  /** The agent's extra headers, lower case; refuses the credential's own header and the transport's. */
  private agentHeaders(given: Record<string, string>, credential: CredentialRow): Record<string, string> {
    const own = credentialHeader(credential.kind, credential.headerName);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(given)) {
      const lower = name.toLowerCase();
      if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower) || /[\r\n\0]/.test(value)) {
        throw new ValidationFailed([{ loc: ['body', 'headers', name], msg: 'not a valid header', type: 'value_error' }]);
      }
      if (RESERVED_HEADERS.has(lower) || lower === own) {
        const why = lower === own ? 'the credential sets it' : 'the transport sets it';
        throw new ValidationFailed([
          { loc: ['body', 'headers', name], msg: `header \`${name}\` may not be set: ${why}`, type: 'value_error' },
        ]);
      }
      out[lower] = value;
    }
    return out;
  }

  /** After an ALLOWED verdict: resolve and check, inject, send once, record the outcome. */
  private async send(
    key: KeyRow,
    credential: CredentialRow,
    decision: DecisionRow,
    call: { method: string; url: URL; headers: Record<string, string>; payload: Record<string, unknown>; literal: boolean },
  ): Promise<CallResult> {
    const { store, vault, posture, clock } = this.deps;
    const finish = async (result: Omit<CallResult, 'decision'>): Promise<CallResult> => {
      const ok = result.upstream !== null && result.upstream.status < 400;
      const detail = result.upstream
        ? `upstream answered ${result.upstream.status} (${result.upstream.bytes} bytes)`
        : (result.error ?? result.detail);
      await store.setOutcome(key.tenantId, decision.id, {
        status: ok ? 'completed' : 'failed',
        detail: detail.slice(0, 2000),
        at: clock(),
      });
      const stored = (await store.getDecision(key.tenantId, decision.id)) ?? decision;
      return { ...result, decision: stored };
    };
    // Containment or closure since the verdict: the call stops here.
    const state = await posture.get(key.tenantId);
    if (state.closure || state.containment) {
      const why = state.closure ? 'the tenant was closed' : 'the tenant was contained';
      return finish({ sent: false, detail: `not sent: ${why} after the verdict`, error: `${why}; nothing was sent`, upstream: null });
    }
    const secret = vault.reveal(credential);
    const forms = secretForms(credential.kind, secret);
    let pinned;
    try {
      pinned = await resolvePinned(call.url.hostname.replace(/^\[(.*)\]$/, '$1'), call.literal, this.deps.resolver);
    } catch (error) {
      if (!(error instanceof CallRefused)) throw error;
      return finish({ sent: false, detail: `not sent: ${error.message}`, error: error.message, upstream: null });
    }
    const headers: Record<string, string> = { 'user-agent': 'ActionGate-broker/1', ...call.headers };
    let body: Buffer | null = null;
    if (call.payload.json !== undefined) {
      body = Buffer.from(JSON.stringify(call.payload.json), 'utf8');
      headers['content-type'] ??= 'application/json';
    } else if (typeof call.payload.body === 'string') body = Buffer.from(call.payload.body, 'utf8');
    const injected = injectCredential(credential, secret, call.url, headers);
    const reinject = (url: URL) => injectCredential(credential, secret, url, {}).url;
    // Last use to the minute: a write (and its fsync) per call would double what brokering costs.
    if (credential.lastUsedAt === null || clock() - credential.lastUsedAt >= 60_000) {
      await store.credentials.touchCredential(key.tenantId, credential.name, clock());
    }
    try {
      const answer = await sendUpstream(
        { method: call.method, url: injected.url, headers: injected.headers, body },
        this.agents.for(call.url.hostname, pinned),
        this.deps.limits,
        reinject,
      );
      const clean = redactBytes(answer.body, forms);
      const contentType = answer.headers['content-type'] ?? '';
      const text = asText(clean, contentType);
      const upstreamHeaders = Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name, redactText(value, forms)]));
      return finish({
        sent: true,
        detail: `sent: upstream answered ${answer.status}`,
        error: null,
        upstream: {
          status: answer.status,
          headers: upstreamHeaders,
          body: text ?? clean.toString('base64'),
          body_encoding: text === null ? 'base64' : 'utf8',
          bytes: answer.body.length,
          redirects: answer.redirects,
        },
      });
    } catch (error) {
      if (!(error instanceof UpstreamRefused)) throw error;
      const message = redactText(error.message, forms);
      return finish({ sent: true, detail: `sent, but ${message}`, error: message, upstream: null });
    }
  }
}

/** The body as text when it is textual and valid UTF-8, else null (sent as base64). */
function asText(body: Buffer, contentType: string): string | null {
  if (contentType && !TEXT_TYPES.test(contentType)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

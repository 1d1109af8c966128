// Configuration from the environment, read once at start.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL for several nodes (`ACTIONGATE_DATABASE_URL`); null: the embedded SQLite store in `dataDir`. */
  databaseUrl: string | null;
  /** Connections each node keeps to PostgreSQL (`ACTIONGATE_DATABASE_POOL`). */
  databasePool: number;
  /** This node's name among several (`ACTIONGATE_NODE_ID`; default a generated one). */
  nodeId: string;
  /** Issue 14: heartbeat interval, and when a silent node is unhealthy / leaves the membership (ms). */
  heartbeatMs: number;
  nodeUnhealthyMs: number;
  nodeForgetMs: number;
  adminKey: string | null;
  signupOpen: boolean;
  logLevel: string;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Key allowed to read the full OpenAPI document; null: the default tenant's first admin key. */
  operatorKey: string | null;
  /** Demo runs (POST /fabric/try) allowed per client address per minute. */
  tryPerMinute: number;
  /** Issue 23: load shedding, throttles of unauthenticated routes, and the reverse proxy in front. */
  shedding: SheddingConfig;
  /** Signups (POST /signup) per client address per hour. */
  signupPerHour: number;
  /** Requests to any other route without a key (health probes excepted) per client address per minute. */
  publicPerMinute: number;
  /** Fastify `trustProxy`: false, true, a hop count, or addresses/CIDRs of the proxies (client address from X-Forwarded-For). */
  trustProxy: boolean | number | string[];
  /** `GET /metrics` without a key (ACTIONGATE_METRICS=open), for a scraper on a private network. */
  metricsOpen: boolean;
  /** OTLP/HTTP address spans are exported to (OTEL_EXPORTER_OTLP_ENDPOINT); null: no export. */
  otlpEndpoint: string | null;
  /** Webhooks may send to private, loopback and link-local addresses (ACTIONGATE_WEBHOOK_ALLOW_PRIVATE=1). */
  webhookAllowPrivate: boolean;
  /** Delay before a failed webhook delivery's second attempt; later ones double (ACTIONGATE_WEBHOOK_RETRY_BASE_MS). */
  webhookRetryBaseMs: number;
  /** The URL people reach the service at, for console links in notifications (ACTIONGATE_PUBLIC_URL). */
  publicUrl: string;
  // Issue 18: the vault key and the limits of brokered calls.
  /** `ACTIONGATE_VAULT_KEY` (32 bytes, base64 or hex); null: the data directory's `vault.key`. */
  vaultKey: string | null;
  /** Brokered calls: connect timeout, headers/body timeout, largest response body (bytes). */
  callConnectTimeoutMs: number;
  callTimeoutMs: number;
  callMaxResponseBytes: number;
  /** Directory journal anchors (checkpoint receipts) are written to; null: receipts stay in the database (issue 22). */
  anchorDir: string | null;
  /** URL each AUTO anchor receipt is POSTed to (a timestamping or WORM service the operator runs); null: none (issue 22). */
  anchorUrl: string | null;
}

/** Past any of these the service answers 503 with Retry-After instead of deciding (0: that check is off). */
export interface SheddingConfig {
  /** Mean event-loop delay over one sample, in ms. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use, in bytes. */
  maxHeapUsedBytes: number;
  /** Resident set size, in bytes. */
  maxRssBytes: number;
  /** How often the load is sampled, in ms. */
  sampleIntervalMs: number;
  /** The `Retry-After` of a shed request, in seconds. */
  retryAfterSeconds: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got \`${env.PORT}\``);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: resolve(env.ACTIONGATE_DATA_DIR ?? './data'),
    databaseUrl: env.ACTIONGATE_DATABASE_URL || null,
    databasePool: positiveNumber(env.ACTIONGATE_DATABASE_POOL, 8, 'ACTIONGATE_DATABASE_POOL'),
    nodeId: env.ACTIONGATE_NODE_ID || `node_${randomBytes(4).toString('hex')}`,
    heartbeatMs: positiveNumber(env.ACTIONGATE_HEARTBEAT_MS, 1000, 'ACTIONGATE_HEARTBEAT_MS'),
    nodeUnhealthyMs: positiveNumber(env.ACTIONGATE_NODE_UNHEALTHY_MS, 10_000, 'ACTIONGATE_NODE_UNHEALTHY_MS'),
    nodeForgetMs: positiveNumber(env.ACTIONGATE_NODE_FORGET_MS, 60_000, 'ACTIONGATE_NODE_FORGET_MS'),
    adminKey: env.ACTIONGATE_ADMIN_KEY || null,
    signupOpen: env.ACTIONGATE_SIGNUP === 'open',
    logLevel: env.ACTIONGATE_LOG_LEVEL ?? 'info',
    bodyLimit: Number(env.ACTIONGATE_BODY_LIMIT ?? 1024 * 1024),
    operatorKey: env.ACTIONGATE_OPERATOR_KEY || null,
    tryPerMinute: positiveNumber(env.ACTIONGATE_TRY_PER_MINUTE, 10, 'ACTIONGATE_TRY_PER_MINUTE'),
    shedding: {
      maxEventLoopDelayMs: nonNegative(env.ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS, 1000, 'ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS'),
      // Default: 90% of V8's heap limit, past which the process is close to dying of out-of-memory.
      maxHeapUsedBytes: nonNegative(
        env.ACTIONGATE_SHED_HEAP_USED_BYTES,
        Math.round(getHeapStatistics().heap_size_limit * 0.9),
        'ACTIONGATE_SHED_HEAP_USED_BYTES',
      ),
      maxRssBytes: nonNegative(env.ACTIONGATE_SHED_RSS_BYTES, 0, 'ACTIONGATE_SHED_RSS_BYTES'),
      sampleIntervalMs: positiveNumber(env.ACTIONGATE_SHED_SAMPLE_MS, 250, 'ACTIONGATE_SHED_SAMPLE_MS'),
      retryAfterSeconds: positiveNumber(env.ACTIONGATE_SHED_RETRY_AFTER_SECONDS, 2, 'ACTIONGATE_SHED_RETRY_AFTER_SECONDS'),
    },
    signupPerHour: positiveNumber(env.ACTIONGATE_SIGNUP_PER_HOUR, 10, 'ACTIONGATE_SIGNUP_PER_HOUR'),
    publicPerMinute: positiveNumber(env.ACTIONGATE_PUBLIC_PER_MINUTE, 600, 'ACTIONGATE_PUBLIC_PER_MINUTE'),
    trustProxy: trustProxyOf(env.ACTIONGATE_TRUST_PROXY),
    metricsOpen: env.ACTIONGATE_METRICS === 'open',
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || null,
    webhookAllowPrivate: env.ACTIONGATE_WEBHOOK_ALLOW_PRIVATE === '1',
    webhookRetryBaseMs: positiveNumber(env.ACTIONGATE_WEBHOOK_RETRY_BASE_MS, 10_000, 'ACTIONGATE_WEBHOOK_RETRY_BASE_MS'),
    publicUrl: env.ACTIONGATE_PUBLIC_URL || `http://${env.HOST ?? '127.0.0.1'}:${port}`,
    vaultKey: env.ACTIONGATE_VAULT_KEY || null,
    callConnectTimeoutMs: positiveNumber(env.ACTIONGATE_CALL_CONNECT_TIMEOUT_MS, 5_000, 'ACTIONGATE_CALL_CONNECT_TIMEOUT_MS'),
    callTimeoutMs: positiveNumber(env.ACTIONGATE_CALL_TIMEOUT_MS, 30_000, 'ACTIONGATE_CALL_TIMEOUT_MS'),
    callMaxResponseBytes: positiveNumber(env.ACTIONGATE_CALL_MAX_RESPONSE_BYTES, 5 * 1024 * 1024, 'ACTIONGATE_CALL_MAX_RESPONSE_BYTES'),
    anchorDir: env.ACTIONGATE_ANCHOR_DIR ? resolve(env.ACTIONGATE_ANCHOR_DIR) : null,
    anchorUrl: anchorUrlOf(env.ACTIONGATE_ANCHOR_URL),
  };
}

/** `ACTIONGATE_ANCHOR_URL`: an http(s) URL, or unset; anything else stops the start with the reason. */
function anchorUrlOf(text: string | undefined): string | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`ACTIONGATE_ANCHOR_URL must be an http(s) URL, got \`${text}\``);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`ACTIONGATE_ANCHOR_URL must be http or https, got \`${text}\``);
  return url.toString();
}

function nonNegative(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0, got \`${text}\``);
  return value;
}

/** `true`/`false`, a hop count, or a comma-separated list of proxy addresses or CIDRs. */
function trustProxyOf(text: string | undefined): boolean | number | string[] {
  if (text === undefined || text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got \`${text}\``);
  return value;
}

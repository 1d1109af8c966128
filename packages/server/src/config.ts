// Configuration from the environment, read once at start.
import { resolve } from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  adminKey: string | null;
  signupOpen: boolean;
  logLevel: string;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Key allowed to read the full OpenAPI document; null: the default tenant's first admin key. */
  operatorKey: string | null;
  /** Demo runs (POST /fabric/try) allowed per client address per minute. */
  tryPerMinute: number;
  /** `GET /metrics` without a key (ACTIONGATE_METRICS=open), for a scraper on a private network. */
  metricsOpen: boolean;
  /** OTLP/HTTP address spans are exported to (OTEL_EXPORTER_OTLP_ENDPOINT); null: no export. */
  otlpEndpoint: string | null;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got \`${env.PORT}\``);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: resolve(env.ACTIONGATE_DATA_DIR ?? './data'),
    adminKey: env.ACTIONGATE_ADMIN_KEY || null,
    signupOpen: env.ACTIONGATE_SIGNUP === 'open',
    logLevel: env.ACTIONGATE_LOG_LEVEL ?? 'info',
    bodyLimit: Number(env.ACTIONGATE_BODY_LIMIT ?? 1024 * 1024),
    operatorKey: env.ACTIONGATE_OPERATOR_KEY || null,
    tryPerMinute: positiveNumber(env.ACTIONGATE_TRY_PER_MINUTE, 10, 'ACTIONGATE_TRY_PER_MINUTE'),
    metricsOpen: env.ACTIONGATE_METRICS === 'open',
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || null,
  };
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got \`${text}\``);
  return value;
}

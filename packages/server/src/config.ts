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
  // Issue 18: the vault key and the limits of brokered calls.
  /** `ACTIONGATE_VAULT_KEY` (32 bytes, base64 or hex); null: the data directory's `vault.key`. */
  vaultKey: string | null;
  /** Brokered calls: connect timeout, headers/body timeout, largest response body (bytes). */
  callConnectTimeoutMs: number;
  callTimeoutMs: number;
  callMaxResponseBytes: number;
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
    vaultKey: env.ACTIONGATE_VAULT_KEY || null,
    callConnectTimeoutMs: positiveNumber(env.ACTIONGATE_CALL_CONNECT_TIMEOUT_MS, 5_000, 'ACTIONGATE_CALL_CONNECT_TIMEOUT_MS'),
    callTimeoutMs: positiveNumber(env.ACTIONGATE_CALL_TIMEOUT_MS, 30_000, 'ACTIONGATE_CALL_TIMEOUT_MS'),
    callMaxResponseBytes: positiveNumber(env.ACTIONGATE_CALL_MAX_RESPONSE_BYTES, 5 * 1024 * 1024, 'ACTIONGATE_CALL_MAX_RESPONSE_BYTES'),
  };
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got \`${text}\``);
  return value;
}

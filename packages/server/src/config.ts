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
  /** Directory journal anchors (checkpoint receipts) are written to; null: receipts stay in the database (issue 22). */
  anchorDir: string | null;
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
    anchorDir: env.ACTIONGATE_ANCHOR_DIR ? resolve(env.ACTIONGATE_ANCHOR_DIR) : null,
  };
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got \`${text}\``);
  return value;
}

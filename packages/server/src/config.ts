// Configuration from the environment, read once at start.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

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
  adminKey: string | null;
  signupOpen: boolean;
  logLevel: string;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Key allowed to read the full OpenAPI document; null: the default tenant's first admin key. */
  operatorKey: string | null;
  /** Demo runs (POST /fabric/try) allowed per client address per minute. */
  tryPerMinute: number;
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
    adminKey: env.ACTIONGATE_ADMIN_KEY || null,
    signupOpen: env.ACTIONGATE_SIGNUP === 'open',
    logLevel: env.ACTIONGATE_LOG_LEVEL ?? 'info',
    bodyLimit: Number(env.ACTIONGATE_BODY_LIMIT ?? 1024 * 1024),
    operatorKey: env.ACTIONGATE_OPERATOR_KEY || null,
    tryPerMinute: positiveNumber(env.ACTIONGATE_TRY_PER_MINUTE, 10, 'ACTIONGATE_TRY_PER_MINUTE'),
  };
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got \`${text}\``);
  return value;
}

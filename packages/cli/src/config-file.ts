// `actiongate serve --config actiongate.yaml`: every environment variable of the service can be
// set in one YAML file. Keys are the variables' names in lower case without the `ACTIONGATE_`
// prefix (`data_dir: /var/lib/actiongate`), or the variables' own names (`ACTIONGATE_DATA_DIR`).
// The environment wins over the file, and command-line flags win over both.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Every setting of the service (packages/server/src/config.ts) and its environment variable. */
export const CONFIG_KEYS: Record<string, string> = {
  port: 'PORT',
  host: 'HOST',
  data_dir: 'ACTIONGATE_DATA_DIR',
  admin_key: 'ACTIONGATE_ADMIN_KEY',
  signup: 'ACTIONGATE_SIGNUP',
  log_level: 'ACTIONGATE_LOG_LEVEL',
  body_limit: 'ACTIONGATE_BODY_LIMIT',
  operator_key: 'ACTIONGATE_OPERATOR_KEY',
  try_per_minute: 'ACTIONGATE_TRY_PER_MINUTE',
  metrics: 'ACTIONGATE_METRICS',
  otel_exporter_otlp_endpoint: 'OTEL_EXPORTER_OTLP_ENDPOINT',
  anchor_dir: 'ACTIONGATE_ANCHOR_DIR',
  anchor_url: 'ACTIONGATE_ANCHOR_URL',
};
const BY_VARIABLE = new Map(Object.values(CONFIG_KEYS).map((name) => [name, name]));

/** The environment variables a config file sets; throws naming a key it does not know. */
export function readConfigFile(path: string): Record<string, string> {
  const document: unknown = parse(readFileSync(path, 'utf8'));
  if (document === null || document === undefined) return {};
  if (typeof document !== 'object' || Array.isArray(document)) throw new Error(`\`${path}\` must hold a mapping of settings`);
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(document)) {
    const variable = CONFIG_KEYS[key] ?? BY_VARIABLE.get(key);
    if (!variable) throw new Error(`unknown setting \`${key}\` in \`${path}\`; known: ${Object.keys(CONFIG_KEYS).join(', ')}`);
    if (value === null || typeof value === 'object')
      throw new Error(`setting \`${key}\` in \`${path}\` must be a string, number or boolean`);
    variables[variable] = String(value);
  }
  return variables;
}

/** Applies a config file under the environment: a variable already set is left as it is. */
export function applyConfigFile(path: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const applied: string[] = [];
  for (const [variable, value] of Object.entries(readConfigFile(path))) {
    if (env[variable] !== undefined) continue;
    env[variable] = value;
    applied.push(variable);
  }
  return applied;
}

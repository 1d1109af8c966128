// The vault key: 32 bytes from `ACTIONGATE_VAULT_KEY` (base64 or hex), or from `vault.key` in the
// data directory, which the first start creates with mode 0600. Never logged, never in an error.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const VAULT_KEY_FILE = 'vault.key';

export interface VaultKey {
  key: Buffer;
  source: 'environment' | 'key file' | 'new key file' | 'ephemeral key';
}

/** 32 bytes from 64 hex digits or base64 (standard or url-safe); throws a message without the value. */
export function parseVaultKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (!key || key.length !== 32) throw new Error(`${where} must hold 32 bytes as 64 hex digits or base64`);
  return key;
}

/**
 * The key to use: the environment's, else the data directory's key file; with neither, a new key
 * file when `mayCreate` (a data directory that has no sealed secrets yet), else null.
 */
export function loadVaultKey(options: { environment: string | null; dataDir: string; mayCreate: boolean }): VaultKey | null {
  if (options.environment) return { key: parseVaultKey(options.environment, 'ACTIONGATE_VAULT_KEY'), source: 'environment' };
  const file = join(options.dataDir, VAULT_KEY_FILE);
  if (existsSync(file)) return { key: parseVaultKey(readFileSync(file, 'utf8'), `vault key file \`${file}\``), source: 'key file' };
  if (!options.mayCreate) return null;
  const key = randomBytes(32);
  // No data directory (a store elsewhere, e.g. in memory): a key for this process only; nothing
  // was sealed before, and what is sealed now lives and dies with that store.
  if (!existsSync(options.dataDir)) return { key, source: 'ephemeral key' };
  // `wx`: never overwrite a key file another process created meanwhile.
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return { key, source: 'new key file' };
}

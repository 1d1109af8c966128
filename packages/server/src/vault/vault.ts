// The vault: seals credentials' secrets under the vault key and opens them only for a brokered call.
// On start it checks the key against the stored key check value: a missing or wrong key stops the
// service instead of serving (or failing to serve) secrets it cannot open.
import type { CredentialRow, CredentialStore } from '../store/credential-store.ts';
import { openSecret, sealSecret } from './vault-cipher.ts';
import { loadVaultKey, VAULT_KEY_FILE } from './vault-key.ts';

const CHECK_TEXT = 'actiongate vault key check v1';
const CHECK_DATA = 'actiongate:vault-check:v1';

/** What a sealed secret is bound to: tenant, credential name and version. */
function secretData(tenantId: string, name: string, version: number): string {
  return `actiongate:credential:v1:${tenantId}:${name}:${version}`;
}

export class Vault {
  private key: Buffer | null = null;

  constructor(
    private readonly store: CredentialStore,
    private readonly options: { environmentKey: string | null; dataDir: string },
  ) {}

  /** Loads and checks the key; throws (the service must not start) when it is missing or wrong. */
  async open(): Promise<{ source: string }> {
    const check = await this.store.vaultCheck();
    const sealedCount = await this.store.countCredentials();
    const loaded = loadVaultKey({
      environment: this.options.environmentKey,
      dataDir: this.options.dataDir,
      mayCreate: check === null && sealedCount === 0,
    });
    if (!loaded) {
      throw new Error(
        `vault key missing: this data directory holds sealed secrets but neither ACTIONGATE_VAULT_KEY nor ${VAULT_KEY_FILE} ` +
          'is present; set the key the secrets were sealed with (refusing to start)',
      );
    }
    if (check === null) {
      if (sealedCount > 0) throw new Error('vault key check value missing while sealed secrets exist; refusing to start');
      const kept = await this.store.saveVaultCheck(sealSecret(loaded.key, CHECK_TEXT, CHECK_DATA));
      this.verify(loaded.key, kept, loaded.source);
    } else this.verify(loaded.key, check, loaded.source);
    this.key = loaded.key;
    return { source: loaded.source };
  }

  private verify(key: Buffer, check: Buffer, source: string): void {
    let text: string | null = null;
    try {
      text = openSecret(key, check, CHECK_DATA);
    } catch {
      text = null;
    }
    if (text !== CHECK_TEXT) {
      throw new Error(
        `vault key wrong: the key from the ${source} does not open this data directory's key check value; ` +
          'set the key the secrets were sealed with (refusing to start)',
      );
    }
  }

  private requireKey(): Buffer {
    if (!this.key) throw new Error('the vault is not open');
    return this.key;
  }

  seal(tenantId: string, name: string, version: number, secret: string): Buffer {
    return sealSecret(this.requireKey(), secret, secretData(tenantId, name, version));
  }

  /** The plaintext of a credential's secret, for the one brokered call that injects it. */
  reveal(row: CredentialRow): string {
    try {
      return openSecret(this.requireKey(), row.sealed, secretData(row.tenantId, row.name, row.version));
    } catch {
      throw new Error(`credential \`${row.name}\` v${row.version} could not be opened with the vault key`);
    }
  }
}

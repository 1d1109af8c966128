// Storage of the vault (issue 18): credentials with their secret sealed (AES-256-GCM, vault/), and
// the vault's key check value. The store never sees a plaintext secret.

export type CredentialKind = 'bearer' | 'header' | 'basic' | 'query';

export interface CredentialRow {
  tenantId: string;
  name: string;
  kind: CredentialKind;
  /** 1 on creation; each rotation (the name posted again) adds one. */
  version: number;
  allowedHosts: string[];
  /** Upper-case methods; null: any method. */
  allowedMethods: string[] | null;
  headerName: string | null;
  description: string | null;
  /** iv (12 bytes) | tag (16 bytes) | ciphertext, bound to tenant, name and version (see vault/vault.ts). */
  sealed: Buffer;
  createdAt: number;
  updatedAt: number;
  lastUsedAt: number | null;
}

export interface CredentialStore {
  /** The sealed key check value, or null before the vault's first start. */
  vaultCheck(): Promise<Buffer | null>;
  /** Keeps the key check value unless one is there already; returns the one kept. */
  saveVaultCheck(sealed: Buffer): Promise<Buffer>;
  /** Number of sealed secrets of every tenant. */
  countCredentials(): Promise<number>;
  getCredential(tenantId: string, name: string): Promise<CredentialRow | null>;
  listCredentials(tenantId: string): Promise<CredentialRow[]>;
  /**
   * Stores a new credential (version 1) or a rotation (version = the stored version + 1); false when
   * the stored version is not `row.version - 1` (someone rotated it meanwhile).
   */
  putCredential(row: CredentialRow): Promise<boolean>;
  deleteCredential(tenantId: string, name: string): Promise<boolean>;
  touchCredential(tenantId: string, name: string, at: number): Promise<void>;
}

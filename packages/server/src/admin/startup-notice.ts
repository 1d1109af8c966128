// What the service tells the operator on start about admin keys, printed only once it listens, so
// a key is never shown above a stack trace of a failed start.
import type { CreatedTenant } from '../tenants.ts';

export interface StartupFacts {
  /** The tenant and key made on this start, or null when the data already had tenants. */
  created: CreatedTenant | null;
  /** Whether the key came from ACTIONGATE_ADMIN_KEY (never echoed). */
  seeded: boolean;
  /** Where the data lives (the data directory, or the database's redacted URL). */
  where: string;
  url: string;
}

/** The lines to print after the server listens. */
export function startupNotice(facts: StartupFacts): string {
  const lines = [`ActionGate listening on ${facts.url}`];
  if (facts.created) {
    const shown = facts.seeded ? '(the key from ACTIONGATE_ADMIN_KEY)' : facts.created.apiKey;
    lines.push(
      `Created tenant ${facts.created.tenantId} with admin key ${facts.created.keyId}`,
      `  X-API-Key: ${shown}`,
      '  This key is shown once; keep it safe.',
    );
  } else {
    lines.push(`${facts.where} already has tenants and keys: no admin key is printed (it was shown on the first start).`);
    if (facts.seeded) lines.push('ACTIONGATE_ADMIN_KEY is ignored: it only seeds the first key of an empty data directory.');
    lines.push(`Lost the admin key? Mint a new one offline: actiongate admin create-key --data-dir ${facts.where}`);
  }
  return `\n${lines.join('\n')}\n\n`;
}

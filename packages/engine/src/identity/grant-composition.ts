// Composition of grants: several grants active together can add up to more than any one of them
// allows (read customer records from one, send email from another: together, exfiltration). A set
// whose union exceeds every single grant is flagged, with what the union adds beyond the widest one.
// Pure: the server loads the grants (or takes them as given) and asks.
import { minimalScopes, scopesWithin } from './scope-covers.ts';

export interface ComposedGrant {
  id: string;
  capabilities: readonly string[];
}

export interface Composition {
  flagged: boolean;
  /** Everything the grants cover together (minimal form). */
  union: string[];
  /** The grant that covers the most of the union (first among equals); null when there is none. */
  widest: string | null;
  /** What the union covers beyond the widest grant; empty when not flagged. */
  excess: string[];
  detail: string;
}

export function composeGrants(grants: readonly ComposedGrant[]): Composition {
  const union = minimalScopes(grants.flatMap((grant) => grant.capabilities));
  let widest: ComposedGrant | null = null;
  let widestCovered = -1;
  for (const grant of grants) {
    const covered = union.filter((scope) => scopesWithin([scope], grant.capabilities)).length;
    if (covered > widestCovered) {
      widest = grant;
      widestCovered = covered;
    }
  }
  const excess = widest ? union.filter((scope) => !scopesWithin([scope], widest!.capabilities)) : [];
  const flagged = grants.length > 1 && excess.length > 0;
  const list = (items: readonly string[]) => items.map((c) => `\`${c}\``).join(', ');
  return {
    flagged,
    union,
    widest: widest?.id ?? null,
    excess: flagged ? excess : [],
    detail: flagged
      ? `together the ${grants.length} grants cover ${list(excess)} beyond the widest single grant \`${widest!.id}\`; review whether one holder should have them all`
      : grants.length === 0
        ? 'no grants given'
        : `the union stays within grant \`${widest!.id}\``,
  };
}

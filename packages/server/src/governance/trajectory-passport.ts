// Passports (issue 21): a signed, time-limited summary of a clean trajectory. The token is a JWT
// (EdDSA, signed with the service's current key, `kid` published at `GET /fabric/keys/public`), so
// another service verifies it offline with the published keys and audience `actiongate:passport`.
// Whether the trajectory is clean is the engine's rule (summarizeTrajectory); this module reads the
// decisions and signs.
import { SignJWT } from 'jose';
import { summarizeTrajectory, type TrajectorySummary } from '@actiongate/engine';
import { ApiError } from '../errors.ts';
import { newId } from '../ids.ts';
import { TOKEN_ISSUER } from '../identity/agent-token-service.ts';
import type { SigningKeyRing } from '../signing-keys.ts';
import type { DecisionRow, Store } from '../store/store.ts';
import type { TrajectoryRow } from '../store/trajectory-store.ts';

export const PASSPORT_AUDIENCE = 'actiongate:passport';
/** Decisions read per page, and the most a passport summarises (a longer trajectory is refused). */
const PAGE = 500;
export const MAX_PASSPORT_DECISIONS = 50_000;

export interface IssuedPassport {
  id: string;
  token: string;
  kid: string;
  issuedAt: number;
  expiresAt: number;
  summary: TrajectorySummary;
}

/** The trajectory's decisions: its agent's, from its start on (newest first, as the store lists them). */
export async function trajectoryDecisions(store: Store, trajectory: TrajectoryRow): Promise<DecisionRow[]> {
  const rows: DecisionRow[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await store.listDecisions(trajectory.tenantId, { limit: PAGE, agentId: trajectory.agentId, beforeSeq });
    for (const row of page) {
      if (row.createdAt < trajectory.startedAt) return rows;
      rows.push(row);
    }
    if (rows.length > MAX_PASSPORT_DECISIONS) {
      throw new ApiError(
        'AG_CONFLICT',
        `trajectory \`${trajectory.id}\` has more than ${MAX_PASSPORT_DECISIONS} decisions; start a new trajectory to certify`,
      );
    }
    if (page.length < PAGE) return rows;
    beforeSeq = page[page.length - 1].seq;
  }
}

/** Signs the summary of a clean trajectory; a dirty one is refused (409) with the reasons. */
export async function issuePassport(
  store: Store,
  keyRing: SigningKeyRing,
  trajectory: TrajectoryRow,
  validityHours: number,
  now: number,
): Promise<IssuedPassport> {
  const summary = summarizeTrajectory(await trajectoryDecisions(store, trajectory));
  if (!summary.clean) {
    throw new ApiError('AG_CONFLICT', `trajectory \`${trajectory.id}\` is not clean, no passport: ${summary.problems.join('; ')}`);
  }
  const id = newId('psp', now);
  const signing = keyRing.current;
  // JWT times are whole seconds; the answer reports the same times the token carries.
  const iat = Math.floor(now / 1000);
  const exp = iat + validityHours * 3600;
  const token = await new SignJWT({
    tid: trajectory.tenantId,
    idn: trajectory.identityId,
    agent_id: trajectory.agentId,
    started_at: Math.floor(trajectory.startedAt / 1000),
    summary: presentSummary(summary),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: signing.kid, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(PASSPORT_AUDIENCE)
    .setSubject(trajectory.id)
    .setJti(id)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(signing.privateKey);
  return { id, token, kid: signing.kid, issuedAt: iat * 1000, expiresAt: exp * 1000, summary };
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function presentSummary(summary: TrajectorySummary) {
  return {
    decisions: summary.decisions,
    allowed: summary.allowed,
    held: summary.held,
    blocked: summary.blocked,
    trajectory_matches: summary.trajectoryMatches,
    paths: summary.paths,
    first_decision_at: isoOrNull(summary.firstDecisionAt),
    last_decision_at: isoOrNull(summary.lastDecisionAt),
  };
}

// Issue 20: storage of acting edges (who may act for whom, with evidence and expiry). What an edge
// allows, and whether a chain of them lets one identity act as another, are pure rules of the
// engine (`actingPath`); the store only keeps the edges.

/** `source` may act for `target` (`relation`), for `allowedActions`, on the evidence `evidenceRef`. */
export interface EdgeRow {
  id: string;
  tenantId: string;
  /** Identity ids. */
  source: string;
  target: string;
  relation: string;
  evidenceRef: string;
  allowedActions: string[];
  createdByKeyId: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface EdgeStore {
  createEdge(row: EdgeRow): Promise<void>;
  getEdge(tenantId: string, id: string): Promise<EdgeRow | null>;
  /** Unrevoked, unexpired edges of the tenant (touching `identityId` when given), oldest first. */
  liveEdges(tenantId: string, now: number, identityId?: string): Promise<EdgeRow[]>;
  /** False when it was already revoked. */
  revokeEdge(tenantId: string, id: string, now: number): Promise<boolean>;
}

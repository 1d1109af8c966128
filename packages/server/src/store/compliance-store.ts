// Storage of the evidence layer (issue 22): tenant frameworks and controls, control results,
// findings, the monitor, audit packages and journal anchors. Objects are kept as their presented
// JSON beside the columns that are searched; every rule that decides (the finding workflow, control
// evaluation) lives in pure code, and the store only compares and sets.

export interface StoredDocument<T = Record<string, unknown>> {
  tenantId: string;
  id: string;
  body: T;
  createdAt: number;
}

export interface ControlResultRow {
  tenantId: string;
  id: string;
  controlId: string;
  passed: boolean;
  evaluatedAt: number;
  body: Record<string, unknown>;
}

export interface FindingRow {
  tenantId: string;
  id: string;
  status: string;
  severity: string;
  controlId: string | null;
  source: 'manual' | 'monitor';
  createdAt: number;
  updatedAt: number;
  body: Record<string, unknown>;
}

export interface MonitorRow {
  tenantId: string;
  body: { control_ids: string[]; filters: Record<string, unknown> | null };
  intervalMs: number;
  nextRunAt: number;
  lastRunAt: number | null;
  lastRun: Record<string, unknown> | null;
  updatedAt: number;
}

export interface AuditPackageRow {
  tenantId: string;
  id: string;
  createdAt: number;
  summary: Record<string, unknown>;
  archive: Uint8Array;
}

export interface AnchorRow {
  tenantId: string;
  id: string;
  treeSize: number;
  createdAt: number;
  receipt: Record<string, unknown>;
}

export interface ComplianceStore {
  /** Adds a framework or control; false when the tenant already has one with this id. */
  createDocument(kind: 'framework' | 'control', document: StoredDocument): Promise<boolean>;
  listDocuments(kind: 'framework' | 'control', tenantId: string): Promise<StoredDocument[]>;
  getDocument(kind: 'framework' | 'control', tenantId: string, id: string): Promise<StoredDocument | null>;

  saveControlResult(result: ControlResultRow): Promise<void>;
  /** Results evaluated in [from, to], oldest first, at most `limit`. */
  listControlResults(tenantId: string, from: number, to: number, limit: number): Promise<ControlResultRow[]>;

  /** Adds a finding; false when the tenant already has one with this id. */
  createFinding(finding: FindingRow): Promise<boolean>;
  listFindings(tenantId: string, status: string | null, limit: number): Promise<FindingRow[]>;
  getFinding(tenantId: string, id: string): Promise<FindingRow | null>;
  /** Replaces a finding only if its status is still `expectedStatus`; false when it changed meanwhile. */
  updateFinding(finding: FindingRow, expectedStatus: string): Promise<boolean>;

  setMonitor(monitor: MonitorRow): Promise<void>;
  getMonitor(tenantId: string): Promise<MonitorRow | null>;
  /** Monitors whose next run is due at `now`. */
  dueMonitors(now: number): Promise<MonitorRow[]>;
  /** Records a run and the next one, only if the monitor was not reconfigured since (`updatedAt`). */
  recordMonitorRun(tenantId: string, updatedAt: number, ranAt: number, nextRunAt: number, run: Record<string, unknown>): Promise<void>;

  saveAuditPackage(pkg: AuditPackageRow): Promise<void>;
  getAuditPackage(tenantId: string, id: string): Promise<AuditPackageRow | null>;
  listAuditPackages(tenantId: string, limit: number): Promise<Omit<AuditPackageRow, 'archive'>[]>;

  saveAnchor(anchor: AnchorRow): Promise<void>;
  listAnchors(tenantId: string, limit: number): Promise<AnchorRow[]>;
  getAnchor(tenantId: string, id: string): Promise<AnchorRow | null>;
}

// Storage of a tenant's enforcement state (issue 18): egress rules, the security posture, and the
// containment and closure of the tenant. What they decide is in the engine (policy, identity).
import type { TreeHead } from '@actiongate/engine';
import type { CredentialStore } from './credential-store.ts';

export interface EgressRuleRow {
  id: string;
  tenantId: string;
  target: string;
  ports: number[];
  schemes: string[];
  createdAt: number;
  createdByKeyId: string;
}

export interface ContainmentRow {
  reason: string;
  since: number;
  byKeyId: string;
}

export interface ClosureRow {
  reason: string;
  finalDisposition: string;
  since: number;
  byKeyId: string;
  /** The signed tree head the journal was sealed with; null for the moment between closing and sealing. */
  finalTreeHead: TreeHead | null;
}

export interface TenantPostureRow {
  egressRules: EgressRuleRow[];
  allowedTools: string[] | null;
  deniedTools: string[] | null;
  postureUpdatedAt: number | null;
  containment: ContainmentRow | null;
  closure: ClosureRow | null;
}

export interface PostureStore {
  loadPosture(tenantId: string): Promise<TenantPostureRow>;
  createEgressRule(rule: EgressRuleRow): Promise<void>;
  deleteEgressRule(tenantId: string, id: string): Promise<boolean>;
  setToolPosture(tenantId: string, posture: { allowedTools: string[] | null; deniedTools: string[] | null; at: number }): Promise<void>;
  /** False when the tenant is already contained. */
  contain(tenantId: string, containment: ContainmentRow): Promise<boolean>;
  /** False when the tenant was not contained. */
  release(tenantId: string): Promise<boolean>;
  /**
   * Closes the tenant for good and lets its open approvals run out now (the caller journals their
   * expiry before sealing); false when it was closed already.
   */
  close(tenantId: string, closure: Omit<ClosureRow, 'finalTreeHead'>): Promise<boolean>;
  /** Records the signed tree head the closed tenant's journal was sealed with. */
  sealClosure(tenantId: string, head: TreeHead): Promise<void>;
}

/** The two stores of issue 18, reached from `Store` by name. */
export interface EnforcementStores {
  readonly credentials: CredentialStore;
  readonly posture: PostureStore;
}

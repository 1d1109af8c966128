// Issue 21's routes in one registration: authorities, approvals beyond the queue, governance and
// trajectory policies, trajectories and passports.
import type { App, AppContext } from '../context.ts';
import { approvalGovernanceRoutes } from './approval-governance.ts';
import { authorityRoutes } from './authorities.ts';
import { governancePolicyRoutes } from './governance-policies.ts';
import { trajectoryPolicyRoutes } from './trajectory-policies.ts';
import { trajectoryRoutes } from './trajectories.ts';
import { passportRoutes } from './passports.ts';

export function governanceRoutes(app: App, ctx: AppContext): void {
  authorityRoutes(app, ctx);
  approvalGovernanceRoutes(app, ctx);
  governancePolicyRoutes(app, ctx);
  trajectoryPolicyRoutes(app, ctx);
  trajectoryRoutes(app, ctx);
  passportRoutes(app, ctx);
}

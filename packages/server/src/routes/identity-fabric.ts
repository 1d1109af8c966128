// Issue 20: every route of identities, agent tokens and delegation, registered by one line in app.ts.
import type { App, AppContext } from '../context.ts';
import { agentTokenRoutes } from './agent-tokens.ts';
import { delegationRoutes } from './delegations.ts';
import { identityRoutes } from './identities.ts';

export function identityFabricRoutes(app: App, ctx: AppContext): void {
  identityRoutes(app, ctx);
  agentTokenRoutes(app, ctx);
  delegationRoutes(app, ctx);
}

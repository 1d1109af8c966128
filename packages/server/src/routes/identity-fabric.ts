// Issue 20: every route of identities, agent tokens, delegation, fast-path grants and A2A, registered by one line in app.ts.
import type { App, AppContext } from '../context.ts';
import { a2aRoutes } from './a2a.ts';
import { agentTokenRoutes } from './agent-tokens.ts';
import { delegationRoutes } from './delegations.ts';
import { fastPathRoutes } from './fast-path.ts';
import { identityRoutes } from './identities.ts';
import { tokenFormRoutes } from './token-forms.ts';
import { tryAuthorizeRoutes } from './try-authorize.ts';
import { edgeRoutes } from './edges.ts';
import { a2aDelegationRoutes } from './a2a-delegations.ts';

export function identityFabricRoutes(app: App, ctx: AppContext): void {
  identityRoutes(app, ctx);
  agentTokenRoutes(app, ctx);
  delegationRoutes(app, ctx);
  fastPathRoutes(app, ctx);
  a2aRoutes(app, ctx);
  tokenFormRoutes(app, ctx);
  tryAuthorizeRoutes(app, ctx);
  edgeRoutes(app, ctx);
  a2aDelegationRoutes(app, ctx);
}

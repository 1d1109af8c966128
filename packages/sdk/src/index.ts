// Public API of the ActionGate TypeScript SDK.
export { ActionGate, type ActionGateOptions, type DecideOptions } from './client.ts';
export { mayRun, isHeld } from './client-rule.ts';
export { ActionBlocked, ActionGateError, ApiRequestError, ApprovalRequired, GovernanceUnavailable } from './errors.ts';
export { approvalIdOf, defaultPayload, type GuardOptions } from './guard.ts';
export { verifyDecisionSignature, type SignatureCheck } from './verify-signature.ts';
export { signChallenge, type IdentityHelpers } from './identity.ts';
export { signApprovalText, type GovernanceHelpers } from './governance.ts'; // issue 21
export {
  FastPathGrant,
  verifyFastPathSnapshot,
  type FastPathGrantAnswer,
  type FastPathPublicKey,
  type FastPathSnapshot,
} from './fast-path.ts';
export type * from './types.ts';
export type * from './credentials-types.ts';
export type * from './budget-types.ts'; // issue 19

// Public API of the engine: pure decision logic, no I/O.
export * from './canonical-json.ts';
export * from './sha256.ts';
export * from './decision-types.ts';
export * from './decide.ts';
export * from './holds.ts';
export * from './tool-rules.ts';
export * from './rules/arg-conditions.ts';
export { normalizeToolPath } from './rules/normalize-path.ts';
export * from './trust-state.ts';
export * from './risk/risk-class.ts';
export { classifyRisk } from './risk/classify-risk.ts';
export { callAmount } from './risk/call-amount.ts';
export { screenInjection, type InjectionScreenResult } from './injection/screen-injection.ts';
export { trustMatrix } from './stages/trust.ts';
export * from './settings.ts';
export * from './signing.ts';
export { ed25519Signer, createEd25519Signer, type Ed25519Signer, type SodiumSigning } from './ed25519-signer.ts';
export * from './journal/index.ts';
export * from './egress/brokered-target.ts';
export * from './egress/egress-rules.ts';
export * from './posture.ts';
export * from './compliance/index.ts';
export * from './identity/index.ts';
export * from './governance/index.ts';
export * from './limits/index.ts'; // issue 19
export * from './plan/commit-plan.ts'; // issue 21 item 4
export * from './plan/plan-hook.ts';
export * from './plan/verify-actions.ts';

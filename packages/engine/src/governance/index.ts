// Public API of governance: approver authorities, signed and multi-party approvals, governance policies.
export * from './authority-check.ts';
export * from './signed-approval.ts';
export * from './governance-policies.ts';
export * from './trajectory-policies.ts';
export * from './trajectory-summary.ts';

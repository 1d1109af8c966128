// Identities, tokens and delegation: the pure rules (scopes, attenuation, revocation cascade).
export * from './scope-covers.ts';
export * from './attenuate-delegation.ts';
export * from './revocation-cascade.ts';
export * from './fast-path-eligibility.ts';
export * from './a2a-authority.ts';
export * from './acting-edges.ts';
export * from './grant-composition.ts';

// Public API of the compliance core: the control language, the evaluation context, templates,
// finding workflow, signed documents and the offline audit-package verifier.
export * from './control-expression.ts';
export * from './evaluate-control.ts';
export * from './compliance-facts.ts';
export * from './compliance-templates.ts';
export * from './finding-workflow.ts';
export * from './signed-document.ts';
export * from './verify-audit-package.ts';
export * from './canonical-decision.ts';
export * from './verify-anchor.ts';
export * from './insurance-score.ts';

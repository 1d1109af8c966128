// A problem of a rule or case file (`rules apply`, `rules test`), with where it is: a usage error (exit 2).
// Its own module, so the commands can catch it without loading rule-cases.ts and the engine it imports.
export class CaseFileError extends Error {}

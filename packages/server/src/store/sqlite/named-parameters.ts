// SQL shared with PostgreSQL numbers its parameters ($1, $2, ...); SQLite gets them as named
// parameters `@p1`, `@p2`, ... so one number may appear twice in a statement.

/** The placeholder of parameter `n` (from 1). */
export const named = (n: number): string => `@p${n}`;

/** The values of parameters 1..n, bound by name. */
export const bind = (values: unknown[]): Record<string, unknown> => Object.fromEntries(values.map((value, i) => [`p${i + 1}`, value]));

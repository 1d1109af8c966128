// Turns ajv's errors into one readable item per problem. ajv reports a union of literals as one
// "must be equal to constant" per branch plus "must match a schema in anyOf"; a user wants
// `op must be one of: eq, ne, ...`. An unknown field names itself and the allowed ones.
// Needs ajv's `verbose` option (each error then carries its schema and parent schema).

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message?: string;
  params: Record<string, any>;
  schema?: unknown;
  parentSchema?: Record<string, any>;
}

const AJV_TYPES: Record<string, string> = {
  required: 'missing',
  maxLength: 'string_too_long',
  minLength: 'string_too_short',
  pattern: 'string_pattern_mismatch',
  enum: 'enum',
  const: 'literal_error',
  anyOf: 'union_error',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  exclusiveMinimum: 'greater_than',
  exclusiveMaximum: 'less_than',
  maxItems: 'too_long',
  minItems: 'too_short',
  minProperties: 'too_short',
  additionalProperties: 'extra_forbidden',
  format: 'value_error',
};

const CONTEXT_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

type Branch = Record<string, any>;

/** The literal values a branch stands for, or undefined when it is not a literal. */
function literals(branch: Branch): unknown[] | undefined {
  if ('const' in branch) return [branch.const];
  if (Array.isArray(branch.enum)) return branch.enum;
  if (branch.type === 'null') return [null];
  return undefined;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What a failed union asks for, in words: its literal values, or the kinds it takes. */
function describeUnion(branches: Branch[]): { msg: string; type: string } {
  const values = branches.map(literals);
  if (values.every((value) => value !== undefined)) return { msg: `must be one of: ${values.flat().map(show).join(', ')}`, type: 'enum' };
  const kinds = branches.map((branch) => literals(branch)?.map(show).join(', ') ?? [branch.type ?? 'a valid value'].flat().join(' or '));
  return { msg: `must be ${[...new Set(kinds)].join(' or ')}`, type: 'union_error' };
}

/**
 * Folds every anyOf with its branches' errors into what matters: the errors of the branch the
 * value was meant for (the one whose type it has), or one "must be one of" when none fits.
 */
function foldUnions(errors: AjvError[]): AjvError[] {
  let rest = errors;
  const unions = errors.filter((error) => error.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (!rest.includes(union)) continue;
    const branches = (Array.isArray(union.schema) ? union.schema : []) as Branch[];
    const inBranch = (error: AjvError, index: number) => error.schemaPath.startsWith(`${union.schemaPath}/${index}/`);
    // A branch whose type, literal or enum failed at the union's own place is not what was meant.
    const missed = (index: number) =>
      rest.some(
        (error) => inBranch(error, index) && error.instancePath === union.instancePath && ['type', 'const', 'enum'].includes(error.keyword),
      );
    const meant = branches.findIndex((_, index) => !missed(index));
    const ofUnion = (error: AjvError) => error === union || branches.some((_, index) => inBranch(error, index));
    if (meant === -1) {
      const { msg, type } = describeUnion(branches);
      const folded: AjvError = { ...union, keyword: type === 'enum' ? 'enum' : 'anyOf', message: msg, params: {} };
      rest = rest.flatMap((error) => (error === union ? [folded] : ofUnion(error) ? [] : [error]));
    } else {
      rest = rest.filter((error) => !ofUnion(error) || inBranch(error, meant));
    }
  }
  return rest;
}

/** FastAPI-style validation items from ajv errors, one per problem. */
export function validationItems(errors: AjvError[], context: string): ValidationItem[] {
  const seen = new Set<string>();
  const items: ValidationItem[] = [];
  for (const error of foldUnions(errors)) {
    const loc: (string | number)[] = [CONTEXT_LOC[context] ?? context];
    for (const part of error.instancePath.split('/').slice(1)) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      loc.push(/^\d+$/.test(key) ? Number(key) : key);
    }
    let text = error.message ?? 'is not valid';
    if (error.keyword === 'required') {
      loc.push(error.params.missingProperty);
      text = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      loc.push(error.params.additionalProperty);
      const allowed = Object.keys(error.parentSchema?.properties ?? {});
      text = `unknown field \`${error.params.additionalProperty}\`${allowed.length ? `; allowed: ${allowed.join(', ')}` : ''}`;
    } else if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
      text = `must be one of: ${error.params.allowedValues.map(show).join(', ')}`;
    }
    const name = loc.length > 1 ? loc.slice(1).join('.') : loc[0];
    const type = error.keyword === 'type' ? `${error.params.type}_type` : (AJV_TYPES[error.keyword] ?? error.keyword);
    const msg = error.keyword === 'additionalProperties' ? text : `${name} ${text}`;
    const item = { loc, msg, type };
    const key = JSON.stringify(item);
    if (!seen.has(key)) items.push(item);
    seen.add(key);
  }
  return items;
}

// Request bodies refuse fields they do not know: a decision sent with `args` instead of `payload`
// is a 422 naming `args`, never a decision on `{}`. Every object in a body schema that does not
// say otherwise is closed (`additionalProperties: false`); free-form objects (the tool
// arguments, event attributes) say `additionalProperties: true` and stay open.
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { App } from './context.ts';

type Lookup = (id: string) => unknown;

/**
 * Closes, in place, every object schema under `schema` that leaves `additionalProperties` unset,
 * following `$ref`s to registered schemas through `lookup`.
 */
export function closeObjects(schema: unknown, lookup: Lookup = () => undefined, seen = new Set<unknown>()): void {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if (Array.isArray(schema)) {
    for (const item of schema) closeObjects(item, lookup, seen);
    return;
  }
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' && node.additionalProperties === undefined && node.patternProperties === undefined)
    node.additionalProperties = false;
  if (typeof node.$ref === 'string' && node.$ref.endsWith('#')) closeObjects(lookup(node.$ref.slice(0, -1)), lookup, seen);
  for (const [key, value] of Object.entries(node)) {
    // Literal values (`const`, `default`, `examples`, `enum`) are data, not schemas.
    if (key === 'const' || key === 'default' || key === 'examples' || key === 'enum') continue;
    closeObjects(value, lookup, seen);
  }
}

/**
 * Makes every route's body strict as it is added: its own schema and, since a body with an `$id`
 * is validated (and documented) from the registered copy, that copy and what it refers to too.
 * The named request schemas also say so themselves; this is the net under one that forgets.
 */
export function strictBodies(app: App): void {
  const lookup: Lookup = (id) => app.getSchema(id);
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as { $id?: string } | undefined;
    if (!body) return;
    closeObjects(body, lookup);
    if (body.$id) closeObjects(lookup(body.$id), lookup);
  });
}

/**
 * Fastify's validator, with type coercion kept for the query string, path and headers (where
 * everything arrives as text) and turned off for JSON bodies: `"match_args": "x"` is a string,
 * not the array `["x"]`, and `"amount": "5"` is not the number 5.
 */
export const bodyWithoutCoercion: BuildCompilerFromPool = (externalSchemas, options) => {
  // Two Ajv instances (coercion is per instance), each fed every shared schema: each is built when
  // a route first needs it, so a process that validates only bodies (or none) builds fewer.
  let loose: ReturnType<BuildCompilerFromPool> | undefined;
  let exact: ReturnType<BuildCompilerFromPool> | undefined;
  const customOptions = { ...(options?.customOptions as object), coerceTypes: false };
  return (route) => {
    if (route.httpPart === 'body')
      return (exact ??= AjvCompiler()(externalSchemas, { ...options, customOptions } as Parameters<BuildCompilerFromPool>[1]))(route);
    return (loose ??= AjvCompiler()(externalSchemas, options))(route);
  };
};

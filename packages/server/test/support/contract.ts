// The OpenAPI contract, checked on real answers: given the service's own document, says whether a
// response (method, path, status, body) is what the document promises. The test client runs every
// answer through it, so the whole HTTP suite feeds the check. Objects are checked closed
// (`additionalProperties: false` unless the schema says otherwise), so an undocumented field fails.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';

// ajv and ajv-formats come with Fastify; loaded through require for their CommonJS default exports.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv').default;
const addFormats = require('ajv-formats').default as (ajv: unknown) => void;

type Json = Record<string, any>;

/** Where the document's components live for ajv; response schemas refer to it absolutely. */
const DOCUMENT_ID = 'https://actiongate.invalid/openapi.json';

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Json;
}

/** Every object schema closed unless it says `additionalProperties` itself. */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = key === 'properties' ? mapValues(value as Json, closeObjects) : closeObjects(value);
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

function mapValues(object: Json, fn: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));
}

export class Contract {
  private readonly operations: Operation[] = [];
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: mapValues(document.components?.schemas ?? {}, closeObjects) } });
    for (const [template, item] of Object.entries<Json>(document.paths ?? {})) {
      const names = [...template.matchAll(/\{[^}]+\}/g)].length;
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (!operation?.responses) continue;
        this.operations.push({ method: method.toUpperCase(), template, pattern, params: names, responses: operation.responses });
      }
    }
    // A fixed path wins over a template that also matches (`/fabric/keys/public` over `/fabric/keys/{id}`).
    this.operations.sort((a, b) => a.params - b.params);
  }

  /** The documented operation of a request, if any. */
  operation(method: string, url: string): Operation | undefined {
    const path = url.split('?')[0];
    return this.operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(path));
  }

  /** Whether the operation promises a 2xx answer with a schema (routes that do not are someone's to-do). */
  static documented(operation: Operation): boolean {
    return Object.entries<Json>(operation.responses).some(([status, r]) => /^2\d\d$/.test(status) && (status === '204' || r.content));
  }

  /**
   * Checks one answer. Returns what is wrong, or null. Routes outside the document, or without a
   * documented success schema, are not checked here (the OpenAPI test lists them).
   */
  check(method: string, url: string, status: number, contentType: string | null, body: unknown): string | null {
    const operation = this.operation(method, url);
    if (!operation || !Contract.documented(operation)) return null;
    const where = `${method} ${url} -> ${status}`;
    const response = operation.responses[String(status)];
    if (!response)
      return `${where}: status ${status} is not documented for ${method} ${operation.template} (documented: ${Object.keys(operation.responses).join(', ')})`;
    const schema = response.content?.['application/json']?.schema;
    const mediaType = (type: string | null) => (type ?? '').split(';')[0].trim();
    const textual = Object.keys(response.content ?? {}).find(
      (type) => type.startsWith('text/') && mediaType(type) === mediaType(contentType),
    );
    if (!schema && textual) return typeof body === 'string' ? null : `${where}: expected ${textual} text`;
    // A documented binary answer (a zip, a PDF) is checked by its content type.
    const media = Object.keys(response.content ?? {}).filter((type) => type !== 'application/json');
    if (!schema && media.some((type) => (contentType ?? '').startsWith(type))) return null;
    if (!schema) {
      if (status === 204 || body === null || body === '') return null;
      return `${where}: the document promises no body, got ${JSON.stringify(body).slice(0, 200)}`;
    }
    if (!/^application\/json/.test(contentType ?? '')) return `${where}: content type \`${contentType}\` is not application/json`;
    const validate = this.validator(operation, status);
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (e: ErrorObject) =>
          `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` \`${e.params.additionalProperty}\`` : ''}`,
      );
    return `${where}: body does not match the documented schema: ${errors.join('; ')}; body ${JSON.stringify(body).slice(0, 300)}`;
  }

  /** Checks a value against a named component schema; returns what is wrong, or null. */
  validateComponent(name: string, value: unknown): string | null {
    const validate = this.ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
    if (!validate) return `no component \`${name}\``;
    if (validate(value)) return null;
    return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  }

  private validator(operation: Operation, status: number): ValidateFunction {
    const key = `${operation.method} ${operation.template} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const raw = operation.responses[String(status)].content['application/json'].schema;
      validate = this.ajv.compile({ $id: `${DOCUMENT_ID}/responses/${this.validators.size}`, ...(closeObjects(rewriteRefs(raw)) as Json) });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** `#/components/schemas/X` made absolute (`<DOCUMENT_ID>#/…`), for a schema compiled on its own. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOCUMENT_ID}${value}` : rewriteRefs(value);
  return copy;
}

const byObject = new WeakMap<object, Contract>();
const byText = new Map<string, Contract>();

/** One contract per distinct document, shared by the servers of a test process. */
export function contractFor(document: Json): Contract {
  // @fastify/swagger answers the same object each time, so the text is computed once per server.
  let contract = byObject.get(document);
  if (!contract) {
    const key = JSON.stringify(document);
    contract = byText.get(key) ?? new Contract(document);
    byText.set(key, contract);
    byObject.set(document, contract);
  }
  return contract;
}

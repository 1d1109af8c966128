// Each route's validators and response serializers are compiled the first time the route uses them,
// not at start. Compiling all of them (some 130 routes, each with body, query and response schemas
// over ~300 shared schemas) was most of a start's CPU (12.5 s of 14 on a loaded machine; 1.7 s
// after), paid by every `npm start`, every restart after a crash and every test server, for routes
// most processes never call. A schema that cannot compile still fails a test: schemas-compile.test.ts
// compiles every route through `compileAll`.
//
// Fastify also asks for a new compiler factory for every route added after `app.addSchema` (its
// schema controller stays "schemas added"), each an Ajv instance fed every shared schema: warming
// the hot routes built ~48 of them, ~1.5 s of CPU per start. A factory is built once per set of
// shared schemas and reused by every route that asks with the same set.
import type { BuildCompilerFromPool } from '@fastify/ajv-compiler';
import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { referencedSchemas } from './referenced-schemas.ts';

type ValidatorCompiler = ReturnType<BuildCompilerFromPool>;
type ValidateFunction = ReturnType<ValidatorCompiler> & { errors?: unknown };

/** The route a compilation is for (none for a factory, which every route of a scope shares). */
interface RouteKey {
  method?: string | string[];
  url?: string;
}

/** The same shared schemas: same ids, same objects (Fastify passes a fresh copy of its map each time). */
function sameSchemas(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export class DeferredSchemas {
  private readonly pending: Array<{ route: RouteKey | null; get: () => unknown }> = [];
  /** Factories built so far, by the shared schemas and options they were built with. */
  private readonly factories: Array<{ kind: unknown; schemas: Record<string, unknown>; options: unknown; get: () => unknown }> = [];

  /** The factory `build` gives for these shared schemas and options, built once (on first use) and reused. */
  private factoryOnce<T>(kind: unknown, schemas: Record<string, unknown>, options: unknown, build: () => T): () => T {
    const known = this.factories.find((f) => f.kind === kind && f.options === options && sameSchemas(f.schemas, schemas));
    if (known) return known.get as () => T;
    const get = this.once(null, build);
    this.factories.push({ kind, schemas, options, get });
    return get;
  }

  /** Runs `build` on first use only, and remembers it for `compileAll` and `warm`. */
  private once<T>(route: RouteKey | null, build: () => T): () => T {
    let value: T | undefined;
    let built = false;
    const get = () => {
      if (!built) {
        value = build();
        built = true;
      }
      return value as T;
    };
    this.pending.push({ route, get });
    return get;
  }

  /** Fastify's `buildValidator`, deferred (the factory too: each is an Ajv instance fed every shared schema). */
  validators(factory: BuildCompilerFromPool): BuildCompilerFromPool {
    return (externalSchemas, options) => {
      const compiler = this.factoryOnce(factory, externalSchemas, options, () => factory(externalSchemas, options));
      return ((route) => {
        const validate = this.once(route, () => compiler()(route) as ValidateFunction);
        // Fastify reads `errors` from the function it called, after a failed validation.
        const lazy = function (this: unknown, data: unknown) {
          const real = validate();
          const result = real.call(this, data);
          lazy.errors = real.errors;
          return result;
        } as ValidateFunction;
        return lazy;
      }) as ValidatorCompiler;
    };
  }

  /** Fastify's `buildSerializer` (fast-json-stringify, as by default), deferred. */
  serializers(factory: SerializerFactory = SerializerSelector()): SerializerFactory {
    return (externalSchemas, options) => {
      const shared = externalSchemas as Record<string, unknown> | undefined;
      return (route) => {
        // Only the shared schemas this response refers to (referenced-schemas.ts): the same serializer, built faster.
        const serialize = this.once(route, () => factory(shared && referencedSchemas(route.schema, shared), options)(route));
        return (doc) => serialize()(doc);
      };
    };
  }

  /** Compiles everything not compiled yet (after `app.ready()`); returns how many compilations were deferred. */
  compileAll(): number {
    for (const { get } of this.pending) get();
    return this.pending.length;
  }

  /**
   * Compiles now the routes whose URL starts with one of `prefixes` (after `app.ready()`, before
   * listening): the hot paths, so that their first call does not stall the event loop for a compile
   * while calls queue behind it (the load shedder would answer them 503).
   */
  warm(prefixes: string[]): void {
    for (const { route, get } of this.pending) {
      if (route?.url && prefixes.some((prefix) => route.url!.startsWith(prefix))) get();
    }
  }
}

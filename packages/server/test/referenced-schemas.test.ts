// Serializers are given only the shared schemas their response refers to (referenced-schemas.ts),
// and one validator factory serves every route asking with the same shared schemas
// (lazy-schema-compilers.ts): both cut the CPU of a server start without changing what is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { referencedSchemas } from '../src/referenced-schemas.ts';
import { DeferredSchemas } from '../src/lazy-schema-compilers.ts';
import type { BuildCompilerFromPool } from '@fastify/ajv-compiler';

const shared = {
  Record: { $id: 'Record', type: 'object', properties: { stage: { $ref: 'Stage#' }, note: { $ref: '#/definitions/x' } } },
  Stage: { $id: 'Stage', type: 'object', properties: { data: { $ref: 'Data#/properties/inner' } } },
  Data: { $id: 'Data', type: 'object', properties: { inner: { type: 'string' } } },
  Unused: { $id: 'Unused', type: 'object', properties: { example: { const: { $ref: 'Missing#' } } } },
};

test('a schema is given the shared schemas it reaches through $ref, transitively, and no others', () => {
  const picked = referencedSchemas({ type: 'array', items: { $ref: 'Record#' } }, shared);
  assert.deepEqual(Object.keys(picked).sort(), ['Data', 'Record', 'Stage']);
  assert.equal(picked.Record, shared.Record);
  assert.deepEqual(referencedSchemas({ type: 'string' }, shared), {});
  // A `$ref` inside a literal value is data, not a reference.
  assert.deepEqual(Object.keys(referencedSchemas({ $ref: 'Unused#' }, shared)), ['Unused']);
});

test('a reference to no shared schema by id gets all of them, so nothing needed is left out', () => {
  assert.equal(referencedSchemas({ $ref: 'Record#', items: { $ref: 'http://example.test/Other#' } }, shared), shared);
});

test('routes asking with the same shared schemas share one validator factory, built on first use', () => {
  let built = 0;
  const factory = ((_schemas: unknown, _options: unknown) => {
    built += 1;
    return () => () => true;
  }) as unknown as BuildCompilerFromPool;
  const deferred = new DeferredSchemas();
  const build = deferred.validators(factory);
  const options = { customOptions: {} } as Parameters<BuildCompilerFromPool>[1];
  // Fastify passes a fresh copy of its map of shared schemas to every call.
  const first = build({ ...shared }, options)({ schema: {}, method: 'POST', url: '/a', httpPart: 'body' });
  const second = build({ ...shared }, options)({ schema: {}, method: 'GET', url: '/b', httpPart: 'querystring' });
  const other = build({ Record: shared.Record }, options)({ schema: {}, method: 'GET', url: '/c', httpPart: 'params' });
  assert.equal(built, 0);
  first({});
  second({});
  assert.equal(built, 1);
  other({});
  assert.equal(built, 2);
});

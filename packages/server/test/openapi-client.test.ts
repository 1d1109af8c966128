// A client generated from /fabric/openapi.json (openapi-typescript) type-checks, and its types say
// what the answers really are: a user can build on the document without reading the source.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let dir: string;
before(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'actiongate-client-'));
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

// Uses of the generated types a client would write; `@ts-expect-error` lines must fail to compile.
const USAGE = `
import type { components, paths } from './api.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type DecisionAnswer = Json<paths['/fabric/decisions']['post']['responses'][200]>;

export function mayRun(record: DecisionAnswer): boolean {
  const verdict: string = record.verdict;
  const blocked: boolean = record.blocked;
  const stages: components['schemas']['Stage'][] = record.stages;
  const approvalId: string | null = record.approval_id;
  void approvalId;
  return verdict.startsWith('ALLOWED') && !blocked && stages.length === 4;
}

export const request: paths['/fabric/decisions']['post']['requestBody'] = {
  content: { 'application/json': { path: '/tools/send_email', agent_id: 'mailer', payload: { to: 'a@b.c' } } },
};

export const agentKey: components['schemas']['AgentKeyRequest'] = { name: 'mailer', budget_usd: null };
// @ts-expect-error name is required
export const noName: components['schemas']['AgentKeyRequest'] = { budget_usd: 5 };

export const note: components['schemas']['ApprovalDecisionRequest'] = { note: 'checked' };

export function firstProblem(error: Json<paths['/fabric/decisions']['post']['responses'][422]>): string {
  const item: components['schemas']['ValidationError'] = error.detail[0];
  return item.loc.join('.') + ': ' + item.msg;
}

export function notFound(error: Json<paths['/fabric/try']['post']['responses'][404]>): string {
  return error.detail + error.code;
}

export function demo(result: Json<paths['/fabric/try']['post']['responses'][200]>): string {
  return result.scenario.id + result.verdict + result.chain.map((stage) => stage.stage).join(',');
}

export function rule(created: Json<paths['/fabric/tool-rules']['post']['responses'][201]>): number {
  // @ts-expect-error version is a number, not a string
  const wrong: string = created.version;
  void wrong;
  return created.version;
}

export const held: Json<paths['/fabric/approvals/{id}/approve']['post']['responses'][409]> = { detail: 'already approved', code: 'AG_CONFLICT' };
`;

// Bounded (a hang must fail), with room: type-checking takes about half a minute on a quiet machine, over a minute on a loaded one.
test('a client generated with openapi-typescript from /fabric/openapi.json type-checks', { timeout: 300_000 }, async () => {
  const document = (await server.call('GET', '/fabric/openapi.json', { key: null })).body;
  writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document)));
  writeFileSync(join(dir, 'usage.ts'), USAGE);
  const program = ts.createProgram([join(dir, 'usage.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(diagnostics, []);
});

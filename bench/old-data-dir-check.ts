// Issue 15: a data directory written by an earlier commit's server opens in this tree's server and
// still verifies, and the other way round (a change to stored formats must keep old data readable).
// The earlier server decides calls (~300 B payloads, as the latency bench sends, and a few larger),
// stops; this tree's server opens the same directory and decides more; then the earlier server opens
// it again and decides more. At the end, with the earlier server still running: the whole journal
// exported and verified offline (`actiongate journal verify`, the auditor's path), by the server's own
// `POST /fabric/journal/verify`, and every decision's `GET /fabric/decisions/:id/signature` verified
// with the public key; every decision's stored payload read back equal to what was sent.
//   node packages/server/build.mjs && node --import tsx bench/old-data-dir-check.ts [--baseline main] [--count 40]
import { execFileSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call as callApi } from './http/seed.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { ROOT, serverBundle, startNode, stop, type Child } from './lib/processes.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const baseline = argOf('--baseline') ?? 'main';
const count = Number(argOf('--count') ?? 40);
const adminKey = `fk_olddir_${process.pid}_${Date.now()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-old-data-dir-'));
const work = mkdtempSync(join(tmpdir(), 'actiongate-old-data-dir-work-'));
const earlier = await baselineBundle(baseline);

/** A call as the admin key, resent while a server on a loaded machine sheds (seed.ts). */
const call = (child: Child, method: string, path: string, body?: unknown): Promise<any> =>
  callApi(`http://127.0.0.1:${child.port}`, adminKey, method, path, body);

const start = (bundle: string) =>
  startNode(bundle, { env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey }, probe: '/healthz' });

/** Decides `count` calls, a few of them with payloads too large to be kept plain; returns id → payload. */
async function decide(child: Child, label: string): Promise<Map<string, unknown>> {
  const sent = new Map<string, unknown>();
  for (let i = 0; i < count; i++) {
    const payload =
      i % 10 === 9
        ? { query: `${label} long ${i}`, notes: 'quarterly revenue by region and product line '.repeat(20) }
        : { query: `${label} report ${i}`, limit: 20, fields: ['id', 'name', 'owner'], request_id: `req-${label}-${i}` };
    const answer = await call(child, 'POST', '/fabric/decisions', { path: '/tools/search', agent_id: `agent-${i % 4}`, payload });
    sent.set(answer.decision_id, payload);
  }
  return sent;
}

let child: Child | null = null;
try {
  const sent = new Map<string, unknown>();
  for (const [bundle, label] of [
    [earlier, 'earlier'],
    [serverBundle(), 'this-tree'],
    [earlier, 'earlier-again'],
  ] as const) {
    child = await start(bundle);
    for (const [id, payload] of await decide(child, label)) sent.set(id, payload);
    if (label !== 'earlier-again') {
      await stop(child.process);
      child = null;
    }
  }
  const server = child!;
  const exported = await call(server, 'GET', '/fabric/journal?limit=1000');
  const publicKey = (await call(server, 'GET', '/fabric/keys/public')).keys[0];
  const file = join(work, 'journal.json');
  writeFileSync(file, JSON.stringify(exported));
  const offline = execFileSync(
    process.execPath,
    [join(ROOT, 'packages/cli/bin/actiongate.js'), 'journal', 'verify', file, '--public-key', publicKey.x],
    {
      encoding: 'utf8',
    },
  );
  const online = await call(server, 'POST', '/fabric/journal/verify', { journal: exported.entries, fabric_public_key: publicKey.x });
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.x }, format: 'jwk' });
  let signatures = 0;
  let payloads = 0;
  for (const [id, payload] of sent) {
    const signed = await call(server, 'GET', `/fabric/decisions/${id}/signature`);
    if (!verify(null, Buffer.from(signed.signed_payload), key, Buffer.from(signed.signature, 'base64url')))
      throw new Error(`signature of ${id} fails`);
    signatures++;
    const stored = await call(server, 'GET', `/fabric/decisions/${id}`);
    if (JSON.stringify(stored.payload) !== JSON.stringify(payload)) throw new Error(`payload of ${id} reads back different`);
    payloads++;
  }
  console.log(
    `${baseline} → this tree → ${baseline} on one data directory: ${exported.entries.length} journal entries, ` +
      `offline verify: ${offline.trim().split('\n')[0]}; server verify valid=${online.valid}; ` +
      `${signatures} signatures verified, ${payloads} payloads read back equal`,
  );
  if (online.valid !== true) process.exitCode = 1;
} finally {
  if (child) await stop(child.process);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}

// Engine, in process: decide() over 10 / 1,000 / 10,000 tool rules and 300 B / 4 KB / 64 KB
// payloads; the risk classifier and the injection screen alone per KB; canonical hash and
// Ed25519 signing (the service's other per-decision CPU work); and Cedar's isAuthorized on the
// same rule set, in the same process and run.
import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  canonicalHash,
  classifyRisk,
  decide,
  DEFAULT_SETTINGS,
  matchingRules,
  screenInjection,
  signedPayloadOf,
  signText,
  type DecisionInput,
  type DecisionState,
  type ToolRule,
} from '@actiongate/engine';
import { fmt, timeIt, type Timing } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { cedarPolicies, toolRules } from './lib/rule-sets.ts';

export interface EngineRow {
  case: string;
  timing: Timing;
  note?: string;
}

const PATH = '/tools/search_documents';
/** Distinct payloads per size so nothing is answered from a cache keyed by payload. */
const VARIANTS = 64;

function stateWith(rules: readonly ToolRule[]): DecisionState {
  const record = { approved: 10, blocked: 0, recentBlockedAt: [], override: null };
  return { settings: DEFAULT_SETTINGS, halted: null, agent: record, key: record, rules, approvedApproval: null, pendingApproval: null };
}

function inputsOf(bytes: number): DecisionInput[] {
  return Array.from({ length: VARIANTS }, (_, i) => {
    const payload = payloadOfSize(bytes, i);
    return {
      decisionId: `fd_bench${i}`,
      tenantId: 'tn_bench',
      now: Date.now(),
      path: PATH,
      agentId: 'agent-1',
      payload,
      payloadHash: canonicalHash(payload),
      principal: { kind: 'agent', keyId: 'ak_bench', boundAgentId: 'agent-1' },
      newApprovalId: `apr_bench${i}`,
    };
  });
}

function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

/** Loads Cedar's Node build (CommonJS-compatible entry), or explains why it could not. */
function loadCedar(): typeof import('@cedar-policy/cedar-wasm/nodejs') | string {
  try {
    return createRequire(import.meta.url)('@cedar-policy/cedar-wasm/nodejs');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function runEngineBench(log: (line: string) => void = console.log): EngineRow[] {
  const rows: EngineRow[] = [];
  const add = (name: string, timing: Timing, note?: string) => {
    rows.push({ case: name, timing, note });
    log(
      `  ${name.padEnd(48)} p50 ${fmt(timing.p50).padStart(8)} µs  p99 ${fmt(timing.p99).padStart(8)} µs  (${timing.iterations} calls)${note ? '  ' + note : ''}`,
    );
  };
  const ruleSets = new Map([10, 1_000, 10_000].map((n) => [n, toolRules(n)]));
  const sizes: Array<[string, number]> = [
    ['300 B', 300],
    ['4 KB', 4096],
    ['64 KB', 65536],
  ];
  const inputs = new Map(sizes.map(([label, bytes]) => [label, inputsOf(bytes)]));

  // Check the scenario is what it claims: a normal agent, low risk, not flagged, allowed.
  const probe = decide(inputs.get('300 B')![0], stateWith(ruleSets.get(1_000)!));
  if (probe.verdict !== 'ALLOWED') throw new Error(`benchmark scenario is not allowed: ${probe.verdict} (${probe.detail})`);

  for (const [count, rules] of ruleSets) {
    const state = stateWith(rules);
    for (const [label] of sizes) {
      const next = cycle(inputs.get(label)!);
      add(
        `decide() ${count} rules, ${label}`,
        timeIt(() => decide(next(), state), { iterations: label === '64 KB' ? 2_000 : 20_000, warmup: label === '64 KB' ? 100 : 2_000 }),
      );
    }
  }
  for (const [count, rules] of ruleSets)
    add(
      `rule matching alone, ${count} rules`,
      timeIt(() => matchingRules(rules, PATH)),
    );
  // After a rule change the store hands the engine a new list: the first decision pays for any index.
  for (const [count, rules] of ruleSets) {
    const few = count >= 10_000 ? { iterations: 200, warmup: 5 } : { iterations: 2_000, warmup: 50 };
    add(
      `first match after a rule change, ${count} rules`,
      timeIt(() => matchingRules([...rules], PATH), few),
    );
  }

  // The classifier and the screen alone, on the decide() payloads and per KB.
  const nextSmallRisk = cycle(inputs.get('300 B')!);
  add(
    'classifyRisk 300 B',
    timeIt(() => classifyRisk({ path: PATH, payload: nextSmallRisk().payload })),
  );
  const nextSmallScreen = cycle(inputs.get('300 B')!);
  add(
    'screenInjection 300 B',
    timeIt(() => screenInjection(nextSmallScreen().payload)),
  );
  for (const [label, bytes] of [
    ['1 KB', 1024],
    ['4 KB', 4096],
    ['64 KB', 65536],
  ] as Array<[string, number]>) {
    const payloads = Array.from({ length: VARIANTS }, (_, i) => payloadOfSize(bytes, i));
    const kb = bytes / 1024;
    const few = bytes > 8192 ? { iterations: 2_000, warmup: 100 } : {};
    const nextRisk = cycle(payloads);
    const risk = timeIt(() => classifyRisk({ path: PATH, payload: nextRisk() }), few);
    add(`classifyRisk ${label}`, risk, `${fmt(risk.p50 / kb)} µs/KB at p50`);
    const nextScreen = cycle(payloads);
    const screen = timeIt(() => screenInjection(nextScreen()), few);
    add(`screenInjection ${label}`, screen, `${fmt(screen.p50 / kb)} µs/KB at p50`);
  }
  const mega = inputsOf(1 << 20).slice(0, 4);
  const nextMega = cycle(mega);
  add(
    'decide() 1,000 rules, 1 MB',
    timeIt(() => decide(nextMega(), stateWith(ruleSets.get(1_000)!)), { iterations: 20, warmup: 2, budgetMs: 5_000 }),
  );

  // The service's other per-decision CPU work, outside decide().
  const small = inputs.get('300 B')!;
  const nextHash = cycle(small);
  add(
    'canonicalHash 300 B payload',
    timeIt(() => canonicalHash(nextHash().payload)),
  );
  const big = inputs.get('4 KB')!;
  const nextBigHash = cycle(big);
  add(
    'canonicalHash 4 KB payload',
    timeIt(() => canonicalHash(nextBigHash().payload)),
  );
  const { privateKey } = generateKeyPairSync('ed25519');
  const signed = signedPayloadOf({
    decision_id: 'fd_x',
    tenant_id: 'tn_x',
    time: new Date().toISOString(),
    verdict: probe.verdict,
    stages: probe.stages,
  });
  add(
    'Ed25519 sign of the signed payload',
    timeIt(() => signText(signed, privateKey)),
  );
  add(
    'JSON.stringify of the stages (stored)',
    timeIt(() => JSON.stringify(probe.stages)),
  );

  const cedar = loadCedar();
  if (typeof cedar === 'string') {
    log(`  cedar: not loaded (${cedar})`);
  } else {
    for (const [count, rules] of ruleSets) {
      const id = `bench-${count}`;
      const parsed = cedar.preparsePolicySet(id, { staticPolicies: cedarPolicies(rules) });
      if (parsed.type !== 'success') throw new Error(`cedar could not parse the policy set: ${JSON.stringify(parsed).slice(0, 300)}`);
      const call = {
        principal: { type: 'Agent', id: 'agent-1' },
        action: { type: 'Action', id: 'call' },
        resource: { type: 'Tool', id: PATH },
        context: { path: PATH },
        preparsedPolicySetId: id,
        entities: [],
      };
      const answer = cedar.statefulIsAuthorized(call);
      if (answer.type !== 'success' || answer.response.decision !== 'allow')
        throw new Error(`cedar answered ${JSON.stringify(answer).slice(0, 300)}`);
      const few = count >= 10_000 ? { iterations: 300, warmup: 20, budgetMs: 4_000 } : { iterations: 5_000, warmup: 200 };
      add(
        `cedar statefulIsAuthorized, ${count} policies`,
        timeIt(() => cedar.statefulIsAuthorized(call), few),
        `cedar ${cedar.getCedarVersion()}, pre-parsed`,
      );
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('engine, in process (µs per call)');
  runEngineBench();
}

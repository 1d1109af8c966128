// Issue 15: the store's per-decision packing and hashing, two checkouts' code on the same decisions in
// one process: the body packed (payload deflate), the journal entry (record text, its SHA-256, the
// chain entry with its time and SHA-256), the signed text and the event's data. Decisions are taken
// from this checkout's in-process app (the latency bench's ~300 B low-risk calls, 20 agents, 16 in
// flight), then each checkout's functions run on them in alternating rounds; µs of CPU per decision
// (process.cpuUsage over 5 passes of 1,000), median of 9 rounds per part. Since cpu19 also: the
// agent's and key's trust records read from their rows and their recent blocks written back
// (`trustRecords`), and the five state sources' parts merged as the service takes them (`stateMerge`,
// the parts the real app's sources give: empty lists and nulls).
//   node --import tsx bench/decision-store-parts-ab.ts [--baseline /work/main]
import { serverModule } from './lib/in-process-app.ts';
import { startInProcessDecisions } from './lib/in-process-decisions.ts';

const i = process.argv.indexOf('--baseline');
const baselineRoot = i > 0 ? process.argv[i + 1] : '/work/main';

async function partsOf(root: string | undefined) {
  const { encodeDecisionBody } = await serverModule(root, 'store/sqlite/decision-body.ts');
  const { journalRecordText } = await serverModule(root, 'store/journal-record-text.ts');
  const { decisionRecord } = await serverModule(root, 'journal/journal-records.ts');
  const { decisionSignedPayload } = await serverModule(root, 'decision-signed-payload.ts');
  const { decisionEventData } = await serverModule(root, 'store/event-data.ts');
  const { isoTime } = await serverModule(undefined, 'iso-time.ts');
  const engine = await serverModule(root, '../../engine/src/index.ts');
  const { trustRecordOf } = await serverModule(root, 'store/rows.ts');
  // Before cpu19 the recent blocks were written with JSON.stringify.
  const recentBlockedText: (list: number[]) => string = await serverModule(root, 'store/recent-blocked.ts').then(
    (module: any) => module.recentBlockedText,
    () => JSON.stringify,
  );
  const { combineStateSources } = await serverModule(root, 'state-sources.ts');
  const part = (fields: object) => ({ prepare: async () => fields, ready: () => fields, current: () => fields });
  const sources = combineStateSources(
    part({ egressRules: [], posture: null, containment: null, closure: null }),
    part({}),
    part({ governancePolicies: [] }),
    part({ trajectoryPolicies: [] }),
    part({ authorizedPlans: [] }),
  );
  const state = {
    settings: {},
    halted: null,
    agent: null,
    key: null,
    rules: [],
    registeredRisk: undefined,
    approvedApproval: null,
    pendingApproval: null,
    budget: null,
  };
  const iso = root === undefined ? isoTime : (ms: number) => new Date(ms).toISOString();
  let tip = { seq: 0, entry_hash: engine.GENESIS_HASH as string };
  return {
    body: (row: any) => encodeDecisionBody(JSON.stringify(row.payload), row.stages),
    journal: (row: any) => {
      const text = journalRecordText('decision', decisionRecord(row));
      tip = engine.chainEntry(tip, { type: 'decision', ref_id: row.id, time: iso(row.createdAt), content_hash: engine.sha256Hex(text) });
    },
    signedAndEvent: (row: any) => {
      decisionSignedPayload(row);
      decisionEventData(row);
    },
    trustRecords: (row: any) => {
      const agent = trustRecordOf(row.agentRow);
      const key = trustRecordOf(row.keyRow);
      recentBlockedText(agent.recentBlockedAt);
      recentBlockedText(key.recentBlockedAt);
    },
    stateMerge: (row: any) => {
      const prepared = sources.ready(row.tenantId, { agentId: row.agentId, traceId: null });
      Object.assign({}, state, prepared, sources.current(row.tenantId));
    },
  };
}

const { store, round, close } = await startInProcessDecisions('parts', undefined);
const rows: any[] = [];
const s = store as any;
const insert = s.insertDecision.bind(s);
s.insertDecision = (row: any, ...rest: unknown[]) => (rows.push(row), insert(row, ...rest));
// Each decision's agent and key rows as stored (a copy: the kept rows change in place).
const agentOf = s.statements.agent;
const keyOf = s.statements.keyById;
await round(1000, 16);
for (const row of rows) {
  row.agentRow = { ...agentOf.get(row.tenantId, row.agentId) };
  row.keyRow = { ...keyOf.get(row.keyId) };
}
await close();
const sides = [
  { label: `A (${baselineRoot})`, parts: await partsOf(baselineRoot) },
  { label: 'B (this checkout)', parts: await partsOf(undefined) },
];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const part of ['body', 'journal', 'signedAndEvent', 'trustRecords', 'stateMerge'] as const) {
  const times: number[][] = [[], []];
  for (let r = 0; r < 9; r++)
    sides.forEach((side, k) => {
      const began = process.cpuUsage();
      for (let pass = 0; pass < 5; pass++) for (const row of rows) side.parts[part](row);
      const used = process.cpuUsage(began);
      times[k].push((used.user + used.system) / (rows.length * 5));
    });
  const [a, b] = times.map(median);
  console.log(
    `${part}: ${sides[0].label} ${a.toFixed(2)} µs, ${sides[1].label} ${b.toFixed(2)} µs per decision, B ÷ A ${(b / a).toFixed(3)}`,
  );
}

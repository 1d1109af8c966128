import { serverModule } from './lib/in-process-app.ts';
import { startInProcessDecisions } from './lib/in-process-decisions.ts';
const { store, round, close } = await startInProcessDecisions('pieces', undefined);
const rows: any[] = [];
const s = store as any;
const insert = s.insertDecision.bind(s);
s.insertDecision = (row: any, ...rest: unknown[]) => (rows.push(row), insert(row, ...rest));
await round(1000, 16);
await close();
const { journalRecordText } = await serverModule(undefined, 'store/journal-record-text.ts');
const { decisionRecord } = await serverModule(undefined, 'journal/journal-records.ts');
const engine = await serverModule(undefined, '../../engine/src/index.ts');
const records = rows.map((row) => decisionRecord(row));
const NEEDS = /["\\\u0000-\u001f\ud800-\udfff]/;
const q = (s: string) => (NEEDS.test(s) ? JSON.stringify(s) : '"' + s + '"');
const stageTexts = records.map((r) => journalRecordText('decision', { stages: r.stages }).slice(10, -1));
const sc = (v: unknown) => (typeof v === 'string' ? q(v) : v === null ? 'null' : typeof v === 'boolean' ? (v ? 'true' : 'false') : engine.canonicalJson(v));
const special = (r: any, i: number) =>
  '{"agent_id":' + sc(r.agent_id) + ',"approval_id":' + sc(r.approval_id) + ',"blocked":' + sc(r.blocked) + ',"created_at":' + sc(r.created_at) +
  ',"decision_id":' + sc(r.decision_id) + ',"detail":' + sc(r.detail) + ',"enforcing":' + sc(r.enforcing) + ',"key_id":' + sc(r.key_id) + ',"mode":' + sc(r.mode) +
  ',"path":' + sc(r.path) + ',"payload_hash":' + sc(r.payload_hash) + ',"risk":' + sc(r.risk) + ',"signature":' + sc(r.signature) + ',"signature_v":2' +
  ',"signing_key_id":' + sc(r.signing_key_id) + ',"stages":' + stageTexts[i] + ',"tenant_id":' + sc(r.tenant_id) + ',"verdict":' + sc(r.verdict) + '}';
let same = 0;
for (let i = 0; i < records.length; i++) if (special(records[i], i) === journalRecordText('decision', records[i])) same++;
console.log('same', same, 'of', records.length);
const pieces: Record<string, (i: number) => unknown> = {
  recordText: (i) => journalRecordText('decision', records[i]),
  special: (i) => special(records[i], i),
};
for (let r = 0; r < 5; r++) {
  const out: string[] = [];
  for (const [name, f] of Object.entries(pieces)) {
    const began = process.cpuUsage();
    for (let pass = 0; pass < 5; pass++) for (let i = 0; i < rows.length; i++) f(i);
    const used = process.cpuUsage(began);
    out.push(`${name} ${((used.user + used.system) / (rows.length * 5)).toFixed(2)}`);
  }
  console.log(out.join('  '));
}

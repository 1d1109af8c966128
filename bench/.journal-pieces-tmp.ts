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
const { isoTime } = await serverModule(undefined, 'iso-time.ts');
const engine = await serverModule(undefined, '../../engine/src/index.ts');
const records = rows.map((row) => decisionRecord(row));
const texts = records.map((r) => journalRecordText('decision', r));
console.log('record text length', texts[0].length, 'keys', Object.keys(records[0]).join(','));
let tip = { seq: 0, entry_hash: engine.GENESIS_HASH as string };
const pieces: Record<string, (i: number) => unknown> = {
  record: (i) => decisionRecord(rows[i]),
  recordText: (i) => journalRecordText('decision', records[i]),
  sha: (i) => engine.sha256Hex(texts[i]),
  chain: (i) => (tip = engine.chainEntry(tip, { type: 'decision', ref_id: rows[i].id, time: isoTime(rows[i].createdAt), content_hash: 'ab'.repeat(32) })),
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

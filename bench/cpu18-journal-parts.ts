import { serverModule } from './lib/in-process-app.ts';
import { startInProcessDecisions } from './lib/in-process-decisions.ts';
const { journalRecordText } = await serverModule(undefined, 'store/journal-record-text.ts');
const { decisionRecord } = await serverModule(undefined, 'journal/journal-records.ts');
const { isoTime } = await serverModule(undefined, 'iso-time.ts');
const { decisionInsertValues } = await serverModule(undefined, 'store/decision-insert.ts');
const engine = await serverModule(undefined, '../../engine/src/index.ts');
const { store, round, close } = await startInProcessDecisions('parts', undefined);
const rows: any[] = [];
const s = store as any;
const insert = s.insertDecision.bind(s);
s.insertDecision = (row: any, ...rest: unknown[]) => (rows.push(row), insert(row, ...rest));
await round(1000, 16);
await close();
const records = rows.map((r) => decisionRecord(r));
const texts = records.map((r) => journalRecordText('decision', r));
const hashes = texts.map((t) => engine.sha256Hex(t));
let tip = { seq: 0, entry_hash: engine.GENESIS_HASH as string };
const parts: Record<string, (i: number) => unknown> = {
  record: (i) => decisionRecord(rows[i]),
  text: (i) => journalRecordText('decision', records[i]),
  sha: (i) => engine.sha256Hex(texts[i]),
  chain: (i) => (tip = engine.chainEntry(tip, { type: 'decision', ref_id: rows[i].id, time: isoTime(rows[i].createdAt), content_hash: hashes[i] })),
  insertValues: (i) => decisionInsertValues(rows[i], 5),
  stringifyPayload: (i) => JSON.stringify(rows[i].payload),
};
for (const [name, f] of Object.entries(parts)) {
  const t: number[] = [];
  for (let r = 0; r < 9; r++) {
    const began = process.cpuUsage();
    for (let pass = 0; pass < 5; pass++) for (let i = 0; i < rows.length; i++) f(i);
    const used = process.cpuUsage(began);
    t.push((used.user + used.system) / (rows.length * 5));
  }
  t.sort((a, b) => a - b);
  console.log(name, t[4].toFixed(2), 'µs', 'text len', texts[0].length);
}

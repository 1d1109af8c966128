// Issue 15: the journal hashes each decision's record text around its stage list's kept canonical
// text (journal-record-text.ts). canonicalJson writes that text as a rope of a few hundred pieces;
// hashing a record around a rope walks every piece again, and in the server the pieces are no longer
// in the caches. This loop hashes records around 20 kept lists (as many as the latency bench's calls
// make), the lists as ropes and flattened, with a 4 MB sweep between records for the rest of a
// decision's work; µs per record, median of 9 rounds, rounds alternating.
//   node --import tsx bench/kept-text-hash.ts
import { canonicalJson, sha256Hex } from '@actiongate/engine';

const stages = [
  { stage: 'identity', passed: true, reason: 'agent key matches agent bot-1', data: { key_id: 'key_0123456789abcdef', agent_id: 'bot-1' } },
  {
    stage: 'trust',
    passed: true,
    reason: 'risk low; 11 approved actions',
    data: { risk: 'low', approved: 11, blocked: 0, findings: [], score: 0.01 },
  },
  {
    stage: 'policy',
    passed: true,
    reason: 'rule allow-search matches',
    data: { rule_id: 'rule_0123', effect: 'allow', matched: ['/tools/search_documents'] },
  },
  { stage: 'approval', passed: true, reason: 'no approval needed', data: { required: false } },
];
const lists = Array.from({ length: 20 }, (_, i) => {
  const list = structuredClone(stages);
  list[1].data.approved = i;
  return list;
});
const ropes = lists.map((list) => canonicalJson(list));
const flat = lists.map((list) => Buffer.from(canonicalJson(list), 'utf16le').toString('utf16le'));
const sweep = new Uint8Array(4 << 20);

function round(kept: string[]): number {
  let ns = 0n;
  for (let k = 0; k < 400; k++) {
    for (let j = 0; j < sweep.length; j += 64) sweep[j]++;
    const started = process.hrtime.bigint();
    sha256Hex('{"agent_id":"bot-1","decision_id":"fd_0123","stages":' + kept[k % kept.length] + ',"verdict":"ALLOWED"}');
    ns += process.hrtime.bigint() - started;
  }
  return Number(ns) / 400 / 1000;
}
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
const asRopes: number[] = [];
const asFlat: number[] = [];
for (let i = 0; i < 9; i++) {
  asRopes.push(round(ropes));
  asFlat.push(round(flat));
}
console.log(
  `kept text ${ropes[0].length} characters; µs per record hash: kept as ropes ${median(asRopes).toFixed(2)}, flattened ${median(asFlat).toFixed(2)}`,
);

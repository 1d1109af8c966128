// Issue 15: CPU of one decision signature, node's crypto.sign against libsodium's (ed25519-signer.ts),
// in one process on the same texts: the signed v2 texts of real-looking decisions, a key loaded from
// PKCS#8 PEM as the server loads its ring. Rounds alternate; the median of each is printed.
//   node --import tsx bench/signature-cpu.ts [rounds=9] [signatures per round=4000]
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { createEd25519Signer, ed25519Signer, signedPayloadOf } from '@actiongate/engine';

const [rounds, count] = [9, 4000].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
const { privateKey: generated } = generateKeyPairSync('ed25519');
const privateKey = createPrivateKey(generated.export({ format: 'pem', type: 'pkcs8' }));
const texts = Array.from({ length: 256 }, (_, i) =>
  signedPayloadOf(
    {
      decision_id: `fd_01JDX${i.toString(36).padStart(20, '0')}`,
      tenant_id: 'tn_default',
      time: new Date(1_795_000_000_000 + i).toISOString(),
      agent_id: `agent-${i % 20}`,
      key_id: `ak_${(i % 20).toString().padStart(16, '0')}`,
      path: `/tools/http/get/${i % 7}`,
      payload_hash: 'a'.repeat(64),
      verdict: 'ALLOWED',
      stages: ['identity', 'trust', 'policy', 'approval'].map((stage) => ({ stage, verdict: 'allow' })),
    },
    2,
  ),
);
const signers = { node: createEd25519Signer(null, 'bench'), libsodium: ed25519Signer() };
const perRound: Record<string, number[]> = { node: [], libsodium: [] };
for (let r = 0; r < rounds; r++) {
  for (const name of (r % 2 ? ['libsodium', 'node'] : ['node', 'libsodium']) as Array<keyof typeof signers>) {
    const signer = signers[name];
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) signer.sign(texts[i & 255], privateKey).toString('base64url');
    const used = process.cpuUsage(start);
    perRound[name].push((used.user + used.system) / count);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`signer in use: ${JSON.stringify(ed25519Signer().state())}; signed text ${texts[0].length} B`);
for (const name of ['node', 'libsodium'])
  console.log(
    `${name}: ${perRound[name].map((us) => us.toFixed(1)).join(' / ')} µs CPU per signature (median ${median(perRound[name]).toFixed(1)})`,
  );

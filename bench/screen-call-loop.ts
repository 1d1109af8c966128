// Issue 15: the injection screen on the latency bench's ~300 B search call with a 12-character
// request id, as the server runs it: bundled by esbuild (the tsx loader's export getters are ~10% of
// a screen's samples under tsx, and absent from the server's dist/main.mjs). Three rounds of 20,000
// calls after a warm pass, µs CPU per call. `query`: the call's prose field alone; `labels`: the
// call without it (its field names, enum values and request id).
//   npx esbuild bench/screen-call-loop.ts --bundle --platform=node --format=esm --outfile=/tmp/screen-loop.mjs
//   node /tmp/screen-loop.mjs [full|query|labels]      (bundle main's checkout the same way to compare)
import { screenInjection } from '../packages/engine/src/injection/screen-injection.ts';
import { payloadOfSize } from './lib/payloads.ts';

const template = payloadOfSize(230);
const mode = process.argv[2] ?? 'full';
const { query, ...labels } = template;
const callOf = (i: number): unknown => {
  const requestId = `req-${String(i).padStart(8, '0')}`;
  return mode === 'query' ? { query } : mode === 'labels' ? { ...labels, request_id: requestId } : { ...template, request_id: requestId };
};
for (let i = 0; i < 3_000; i++) screenInjection(callOf(i));
for (let round = 0; round < 3; round++) {
  const before = process.cpuUsage();
  for (let i = 0; i < 20_000; i++) screenInjection(callOf(5_000 + i));
  const used = process.cpuUsage(before);
  console.log(`${mode}: ${((used.user + used.system) / 20_000).toFixed(1)} µs CPU per call`);
}

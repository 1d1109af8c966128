import { buildTests } from './test-runner/test-build.mjs';
const r = await buildTests(process.argv.slice(2));
console.log(r.outdir, r.cpuMs);
process.exit(0);

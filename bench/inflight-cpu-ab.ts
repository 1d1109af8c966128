// Issue 15: server CPU per decision at 16 in flight, two servers measured in alternating rounds (one
// server loaded at a time, so each round's CPU is that server's alone; A B B A … so drift in the
// machine's load falls on both). Each server is the bundle `npm start` runs, at its default log level,
// on its own SQLite data dir. Smaller and steadier than latency-bench.ts's single paired in-flight
// phase, for cuts of a few per cent.
//   node --import tsx bench/inflight-cpu-ab.ts [--baseline <commit>] [--rounds 6] [--seconds 4]
//     [--env-a K=V,…] [--env-b K=V,…] [--bearer] [--candidate <commit>]
// `--bearer`: the agents send agent tokens (`Authorization: Bearer`) instead of agent keys.
// A = the baseline commit's server (or this tree's when no baseline), B = this tree's server, or the
// `--candidate` commit's (a bundle of its own name, beside the baseline's).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { client } from './latency-bench.ts';
import { seed } from './http/seed.ts';
import { bearerAgents } from './http/bearer-agents.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { cpuMs } from './lib/cpu-time.ts';
import { fmt } from './lib/measure.ts';
import { serverBundle, startNode, stop, type Child } from './lib/processes.ts';
import type { LatencyTarget } from './http/latency-client.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const envOf = (text: string | undefined) =>
  Object.fromEntries(
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
const baseline = argOf('--baseline');
const candidate = argOf('--candidate');
const rounds = Number(argOf('--rounds') ?? 6);
const seconds = Number(argOf('--seconds') ?? 4);
const adminKey = `fk_ab_${process.pid}_${Date.now()}`;

interface Server {
  label: string;
  child: Child;
  agents: LatencyTarget['agents'];
  dataDir: string;
  cpu: number[];
  rps: number[];
}

const servers: Server[] = [];
console.log(`CPU per decision at 16 in flight, alternating rounds; load average ${fmt(loadavg()[0])}`);
try {
  const specs = [
    {
      label: baseline ? `A (${baseline})` : 'A (this tree)',
      bundle: baseline ? await baselineBundle(baseline) : serverBundle(),
      env: envOf(argOf('--env-a')),
    },
    {
      label: candidate ? `B (${candidate})` : 'B (this tree)',
      bundle: candidate ? await baselineBundle(candidate) : serverBundle(),
      env: envOf(argOf('--env-b')),
    },
  ];
  for (const spec of specs) {
    const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-ab-'));
    const child = await startNode(spec.bundle, {
      env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey, ...spec.env },
      probe: '/healthz',
    });
    const base = `http://127.0.0.1:${child.port}`;
    // The token agents after the same rules and one key agent (seed waits for the admin key too).
    const agents = process.argv.includes('--bearer')
      ? (await seed(base, adminKey, 1), await bearerAgents(base, adminKey, 20))
      : (await seed(base, adminKey, 20)).normal;
    servers.push({ label: spec.label, child, agents, dataDir, cpu: [], rps: [] });
  }
  let run = 0;
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const pid = server.child.process.pid!;
      let before: number | null = null;
      const [result] = await client(
        {
          targets: [{ port: server.child.port, agents: server.agents }],
          runTag: `ab${process.pid}r${run++}`,
          mode: 'inflight',
          inflight: 16,
          warmupSeconds: 1,
          seconds,
        },
        () => (before = cpuMs(pid)),
      );
      const after = cpuMs(pid);
      server.cpu.push(before !== null && after !== null ? ((after - before) * 1000) / result.requests : Number.NaN);
      server.rps.push(result.rps);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const server of servers)
    console.log(
      `  ${server.label}: ${server.cpu.map((us) => fmt(us)).join(' / ')} µs per decision (median ${fmt(median(server.cpu))}); decisions/s ${server.rps.map((rps) => fmt(rps)).join(' / ')}`,
    );
  const ratios = servers[0].cpu.map((a, i) => servers[1].cpu[i] / a);
  console.log(`  B / A per round: ${ratios.map((x) => x.toFixed(3)).join(' / ')} (median ${median(ratios).toFixed(3)})`);
  console.log(`  load average at the end ${fmt(loadavg()[0])}`);
} finally {
  for (const server of servers) {
    await stop(server.child.process);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

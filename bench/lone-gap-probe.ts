// Issue 15: does a lone decision cost more the longer the server sat idle before it? One server (the
// bundle `npm start` runs, or a commit's with `--baseline`, then both, calls alternating), warmed with
// sequential decisions, then phases of N decisions each sent after a pause of G ms (0 = back to back,
// no /healthz in between). Per phase and server: the client's p50 / p90, the server's own time (the
// access line's `responseTime`, Fastify's onRequest → onResponse), and from /proc the main thread's
// CPU (schedstat run time, ns) and run-queue wait per decision, and all threads' CPU per decision.
// If the main thread's CPU per decision grows with the pause, the same work runs slower on a CPU that
// sat idle (caches, predictors, the vCPU's wake) — not a wait in our code.
//   node --import tsx bench/lone-gap-probe.ts [--count 300] [--gaps 0,1,3,10] [--warmup 1500] [--baseline <commit>] [--rounds 2]
// `--attach 'strace -f -c -o /tmp/s.txt -p {pid}'`: a command run on the last server's pid ({pid0}: the first's) over the
// measured phases, stopped with SIGINT at the end (strace's syscall counts per decision, say).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from './http/seed.ts';
import { LOW_RISK_PATH } from './http/workload.ts';
import { baselineBundle } from './lib/baseline-bundle.ts';
import { fmt, percentile } from './lib/measure.ts';
import { payloadOfSize } from './lib/payloads.ts';
import { postDecision } from './lib/post-decision.ts';
import { serverBundle, startNode, stop, type Child } from './lib/processes.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const count = Number(argOf('--count') ?? 300);
const warmup = Number(argOf('--warmup') ?? 1500);
const rounds = Number(argOf('--rounds') ?? 1);
// A pause `iN` is no pause: N calls in flight at once (closed loop), `count` calls in all, to compare
// a lone decision's CPU with one in a group commit on the same server in the same run.
const gaps = (argOf('--gaps') ?? '0,1,3,10').split(',');
const baseline = argOf('--baseline');
// `--agents N`: calls cycle over N agents (latency-client.ts's rate mode cycles over 20; its
// sequential mode uses one).
// A pause `GxN` (10x20): that pause, calls cycling over N agents in that phase.
const agentCount = Math.max(Number(argOf('--agents') ?? 1), ...(argOf('--gaps') ?? '').split(',').map((g) => Number(g.split('x')[1] ?? 1)));
let phaseAgents = agentCount;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const TEMPLATE = JSON.stringify(payloadOfSize(230)).replace('req-00000000', '__RID__');
let n = 0;

interface Server {
  label: string;
  child: Child;
  agents: Array<{ key: string; agentId: string }>;
  /** responseTime (ms) of each decision's access line, in order. */
  serverTimes: number[];
}

function post(server: Server): Promise<number> {
  const { key, agentId } = server.agents[n % Math.min(phaseAgents, server.agents.length)];
  const body = `{"path":"${LOW_RISK_PATH}","agent_id":"${agentId}","payload":${TEMPLATE.replace('__RID__', `gap${process.pid}-${n++}`)}}`;
  // A shed call (503 on a loaded machine) counts as NaN and is left out.
  return postDecision(server.child.port, agent, key, body).then(({ status, ms }) => {
    if (status === 200) return ms;
    if (status === 503) return Number.NaN;
    throw new Error(`status ${status}`);
  });
}

/** [run ns, wait ns] of one thread, from its schedstat. */
function schedstat(pid: number, tid: number): [number, number] {
  const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
  return [run, wait];
}

function allThreadsNs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += schedstat(pid, Number(tid))[0];
    } catch {
      // a thread that ended meanwhile
    }
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDirs: string[] = [];
const servers: Server[] = [];
try {
  const adminKey = `fk_gap_${process.pid}_${Date.now()}`;
  // `--beside K=V[,K=V]`: a second server of this tree with that environment (an A/B of a setting).
  const beside = argOf('--beside');
  const bundles: Array<[string, string, Record<string, string>]> = baseline
    ? [
        [`before (${baseline})`, await baselineBundle(baseline), {}],
        ['this tree', serverBundle(), {}],
      ]
    : beside
      ? [
          ['this tree', serverBundle(), {}],
          [`this tree, ${beside}`, serverBundle(), Object.fromEntries(beside.split(',').map((kv) => kv.split('=') as [string, string]))],
        ]
      : [['this tree', serverBundle(), {}]];
  for (const [label, bundle, env] of bundles) {
    const dataDir = mkdtempSync(join(tmpdir(), 'actiongate-gap-'));
    dataDirs.push(dataDir);
    const child = await startNode(bundle, {
      env: { ACTIONGATE_DATA_DIR: dataDir, ACTIONGATE_ADMIN_KEY: adminKey, ...env },
      probe: '/healthz',
    });
    const keys = await seed(`http://127.0.0.1:${child.port}`, adminKey, Math.max(2, agentCount));
    const server: Server = { label, child, agents: keys.normal.slice(0, agentCount), serverTimes: [] };
    phaseAgents = Number(argOf('--agents') ?? 1);
    let buffered = '';
    child.process.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines)
        if (line.includes('"POST"') && line.includes('/fabric/decisions')) {
          const time = /"responseTime":([\d.]+)/.exec(line)?.[1];
          if (time) server.serverTimes.push(Number(time));
        }
    });
    servers.push(server);
  }
  for (let i = 0; i < warmup; i++) for (const server of servers) await post(server);
  console.log(
    `load ${fmt(loadavg()[0])}; ${count} decisions per phase and server after ${warmup} of warm-up; pauses ${gaps.join(', ')} ms`,
  );
  console.log(
    'pause | server | client p50 / p90 ms | server time p50 / p90 ms | main thread CPU µs/decision | main run-queue wait µs/decision | all threads CPU µs/decision',
  );
  const attach = argOf('--attach')
    ? spawn(
        'sh',
        [
          '-c',
          `exec ${argOf('--attach')!
            .replaceAll('{pid}', String(servers.at(-1)!.child.process.pid))
            .replaceAll('{pid0}', String(servers[0].child.process.pid))}`,
        ],
        { stdio: 'inherit' },
      )
    : null;
  if (attach) await sleep(1000);
  for (let round = 0; round < rounds; round++)
    for (const phase of gaps) {
      const [gap, agents] = phase.split('x');
      phaseAgents = Number(agents ?? argOf('--agents') ?? 1);
      const latencies = servers.map(() => [] as number[]);
      const firstLine = servers.map((s) => s.serverTimes.length);
      const pids = servers.map((s) => s.child.process.pid!);
      const before = pids.map((pid) => [...schedstat(pid, pid), allThreadsNs(pid)]);
      if (gap.startsWith('i'))
        for (const [s, server] of servers.entries()) {
          let left = count;
          const inflight = Number(gap.slice(1));
          await Promise.all(
            Array.from({ length: inflight }, async () => {
              while (left-- > 0) latencies[s].push(await post(server));
            }),
          );
        }
      else
        for (let i = 0; i < count; i++)
          for (const [s, server] of servers.entries()) {
            if (Number(gap) > 0) await sleep(Number(gap));
            latencies[s].push(await post(server));
          }
      await sleep(400); // the last access lines (written in groups, within 200 ms: grouped-log-writer.ts)
      const after = pids.map((pid) => [...schedstat(pid, pid), allThreadsNs(pid)]);
      for (const [s, server] of servers.entries()) {
        const client = latencies[s].filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
        const own = server.serverTimes.slice(firstLine[s]).sort((a, b) => a - b);
        const per = (k: number) => fmt((after[s][k] - before[s][k]) / 1000 / count);
        console.log(
          `${phase.padStart(5)} | ${server.label} | ${fmt(percentile(client, 50))} / ${fmt(percentile(client, 90))} | ${fmt(percentile(own, 50))} / ${fmt(percentile(own, 90))} | ${per(0)} | ${per(1)} | ${per(2)}`,
        );
      }
    }
  if (attach) {
    attach.kill('SIGINT');
    await new Promise((resolve) => attach.once('exit', resolve));
  }
  console.log(`load ${fmt(loadavg()[0])} at the end`);
} finally {
  agent.destroy();
  for (const { child } of servers) await stop(child.process);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

// Load shedding (issue 23) with an injected event-loop stall: while the loop is stalled past the
// threshold, decisions answer 503 with Retry-After at once (never a verdict, nothing recorded),
// /healthz keeps answering 200 and /readyz says it is shedding; when the stall ends, decisions resume.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({
    ACTIONGATE_SHED_EVENT_LOOP_DELAY_MS: '30',
    ACTIONGATE_SHED_SAMPLE_MS: '50',
    ACTIONGATE_SHED_RETRY_AFTER_SECONDS: '3',
  });
});
after(async () => {
  await server.close();
});

/** Blocks the event loop (the server's, in this process) for `ms` every `ms + 5` ms until stopped. */
function stallLoop(ms: number): () => void {
  const timer = setInterval(() => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // busy: nothing else runs
    }
  }, ms + 5);
  return () => clearInterval(timer);
}

/** Bounded by time, not tries: on a loaded machine the loop's delay can stay past 30 ms for seconds. */
const QUIET_WITHIN_MS = 60_000;

async function untilReady(): Promise<void> {
  for (const deadline = Date.now() + QUIET_WITHIN_MS; Date.now() < deadline;) {
    if ((await server.call('GET', '/readyz')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`not ready within ${QUIET_WITHIN_MS} ms`);
}

/** Decides until one is answered 200 (the test's own work between calls may stall the shared loop). */
async function untilDeciding(): Promise<void> {
  for (let i = 0, deadline = Date.now() + QUIET_WITHIN_MS; Date.now() < deadline; i++) {
    const res = await decide(1000 + i);
    if (res.status === 200) return;
    assert.equal(res.status, 503);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`not deciding within ${QUIET_WITHIN_MS} ms`);
}

const decide = (n: number) =>
  server.call('POST', '/fabric/decisions', { body: { path: '/tools/search', agent_id: 'busy', payload: { n } } });
const count = async () => Number((await server.sql<{ n: number }>('SELECT COUNT(*) AS n FROM decisions'))[0].n);

test('a stalled event loop sheds decisions with 503 and Retry-After; probes answer; decisions resume after', async () => {
  // Start-up (this process loading its HTTP client, compiling) stalls the loop too: wait for a quiet one.
  await untilDeciding();
  const stop = stallLoop(150);
  try {
    const before = await count();
    let decided = 0;
    let shed: Awaited<ReturnType<typeof decide>> | null = null;
    let sheds = 0;
    let notReady: Awaited<ReturnType<typeof decide>> | null = null;
    // Bounded: the loop turns between stalls, and each sample of its delay decides shedding afresh.
    for (let i = 1; i <= 60 && (sheds < 3 || !notReady); i++) {
      const res = await decide(i);
      if (res.status === 200) decided++;
      else {
        assert.equal(res.status, 503, `status ${res.status}`);
        assert.equal(res.body.verdict, undefined, 'never a verdict');
        assert.equal(res.body.blocked, undefined);
        sheds++;
        shed ??= res;
      }
      // Probes keep answering while the loop is stalled: liveness always, readiness says it sheds.
      assert.equal((await server.call('GET', '/healthz')).status, 200);
      const readiness = await server.call('GET', '/readyz');
      if (readiness.status === 503) notReady ??= readiness;
    }
    assert.ok(shed && sheds >= 3, `shed ${sheds} of the calls`);
    assert.equal(shed.body.code, 'AG_OVERLOADED');
    assert.match(shed.body.detail, /event-loop delay (over )?\d+ ms is past the threshold/);
    assert.equal(shed.headers.get('retry-after'), '3');
    assert.ok(notReady, '/readyz turned 503 while shedding');
    assert.match(notReady.body.detail, /shedding load/);
    assert.equal((await count()) - before, decided, 'a shed call records nothing');
    stop();
    // The stall is over: within a bounded number of samples the node is ready and decides again.
    await untilReady();
    await untilDeciding();
  } finally {
    stop();
  }
});

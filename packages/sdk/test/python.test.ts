// Runs the Python library's unittest suite (python/tests) against one real server started here, so
// that `npm test` and CI's summary count it. Every test module shares the server (ACTIONGATE_TEST_URL):
// starting one per module under tsx cost most of the suite's time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('python: unittest discover -s python/tests passes', { timeout: 600_000 }, async () => {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('python3', ['-m', 'unittest', 'discover', '-s', 'python/tests', '-v'], {
      cwd: REPO,
      env: {
        ...process.env,
        PYTHONDONTWRITEBYTECODE: '1',
        ACTIONGATE_TEST_URL: server.url,
        ACTIONGATE_TEST_ADMIN_KEY: server.adminKey,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  assert.equal(code, 0, `python tests failed:\n${output}`);
  assert.match(output, /^Ran \d+ tests? in /m);
  assert.match(output, /^OK$/m);
});

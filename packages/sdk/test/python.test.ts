// Runs the Python library's unittest suite (python/tests, which starts the real server itself) so
// that `npm test` and CI's summary count it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

test('python: unittest discover -s python/tests passes', { timeout: 180_000 }, async () => {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('python3', ['-m', 'unittest', 'discover', '-s', 'python/tests', '-v'], {
      cwd: REPO,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
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

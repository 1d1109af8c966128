// The Python client builds a wheel offline (`pip wheel python/`, through the standard-library
// backend in python/build_backend), version 0.3.0, which installs and imports with no dependency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PYTHON_DIR = fileURLToPath(new URL('../../../python', import.meta.url));

test('pip wheel builds actiongate-0.3.0-py3-none-any.whl offline; it installs and imports', () => {
  const work = mkdtempSync(join(tmpdir(), 'actiongate-wheel-'));
  try {
    const out = join(work, 'wheels');
    execFileSync('python3', ['-m', 'pip', 'wheel', '--no-deps', '--no-index', '--disable-pip-version-check', '-w', out, PYTHON_DIR], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    assert.deepEqual(readdirSync(out), ['actiongate-0.3.0-py3-none-any.whl']);
    const wheel = join(out, 'actiongate-0.3.0-py3-none-any.whl');
    const files = execFileSync('python3', ['-m', 'zipfile', '-l', wheel], { encoding: 'utf8' });
    for (const name of [
      'actiongate/client.py',
      'actiongate/py.typed',
      'actiongate-0.3.0.dist-info/METADATA',
      'actiongate-0.3.0.dist-info/RECORD',
    ])
      assert.match(files, new RegExp(name.replaceAll('.', '\\.')), name);
    const site = join(work, 'site');
    execFileSync('python3', ['-m', 'pip', 'install', '--no-index', '--no-deps', '--disable-pip-version-check', '--target', site, wheel], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const imported = execFileSync(
      'python3',
      [
        '-c',
        'import actiongate, importlib.metadata as m; print(actiongate.__version__, m.version("actiongate"), actiongate.Client.__name__)',
      ],
      { encoding: 'utf8', env: { ...process.env, PYTHONPATH: site }, cwd: work },
    );
    assert.equal(imported.trim(), '0.3.0 0.3.0 Client');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

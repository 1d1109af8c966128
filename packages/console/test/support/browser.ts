// The one place browser tests get Chromium from, so they run on a fresh machine right after
// `npm install`: no apt step, no download at run time.
//
// Order: $ACTIONGATE_CHROMIUM if set; else the headless Chromium shipped inside the npm package
// @sparticuz/chromium (a brotli-packed binary, unpacked once into node_modules/.cache); else a
// system Chromium when the package cannot serve this machine (it ships x64 Linux only).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The flags this machine needs: its network is closed, so every background connection Chromium
 * tries (component updates, sync, QUIC probes) is cut off before it starts.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function packagedChromium(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium'); // its exports do not include package.json
  } catch {
    return undefined;
  }
  let root = dirname(entry);
  while (!existsSync(join(root, 'package.json')) || !existsSync(join(root, 'bin', 'chromium.br'))) {
    if (dirname(root) === root) return undefined;
    root = dirname(root);
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const target = join(root, '..', '..', '.cache', `actiongate-chromium-${version}`);
  const executable = join(target, 'chromium');
  if (existsSync(executable)) return executable;
  // The package unpacks into os.tmpdir(); a child with its own TMPDIR unpacks into a private
  // folder that is then renamed into place, so two test files starting together never see a
  // half-written binary (the package itself only checks that the file exists).
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), `.chromium-${version}-`));
  const unpack = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `const { default: c } = await import('@sparticuz/chromium'); console.log(await c.executablePath());`],
    { cwd: root, env: { ...process.env, TMPDIR: staging, HOME: staging }, encoding: 'utf8' },
  );
  if (unpack.status !== 0 || !existsSync(join(staging, 'chromium'))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`could not unpack @sparticuz/chromium ${version}: ${unpack.stderr.trim()}`);
  }
  try {
    renameSync(staging, target);
  } catch {
    // Another process got there first: its copy is complete, since it was renamed whole.
    rmSync(staging, { recursive: true, force: true });
  }
  return executable;
}

/** The Chromium executable browser tests drive, or an error saying how to get one. */
export function chromiumExecutable(): string {
  const chosen = process.env.ACTIONGATE_CHROMIUM;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`ACTIONGATE_CHROMIUM names \`${chosen}\`, which does not exist`);
    return chosen;
  }
  const packaged = packagedChromium();
  if (packaged) return packaged;
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  throw new Error(
    `no Chromium: @sparticuz/chromium (a dev dependency of @actiongate/console, linux x64 only; this is ` +
      `${process.platform} ${process.arch}) is not installed here, nor a system Chromium; set ACTIONGATE_CHROMIUM to one`,
  );
}

/**
 * A headless Chromium with this machine's flags. Playwright gives every launch a fresh, empty
 * --user-data-dir of its own (and refuses one passed in args), so no profile leaks between runs.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
}

#!/usr/bin/env node
// The `actiongate` command (@actiongate/cli). Runs the bundle (dist/main.mjs, made by build.mjs at
// install) when it is newer than every source it was built from; otherwise, as while the CLI is being
// edited, the TypeScript sources through tsx's loader. Either way, never stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const bundle = join(packages, 'cli/dist/main.mjs');
const sources = ['cli/src', 'engine/src', 'mcp-gateway/src', 'sdk/dist'].map((dir) => join(packages, dir));

function newestBelow(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestBelow(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsFresh() {
  if (!existsSync(bundle)) return false;
  const built = statSync(bundle).mtimeMs;
  return sources.every((dir) => !existsSync(dir) || newestBelow(dir) <= built);
}

if (bundleIsFresh()) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}

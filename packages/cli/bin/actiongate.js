#!/usr/bin/env node
// The `actiongate` command (@actiongate/cli). Runs the bundle (dist/main.mjs, made by build.mjs at
// install) when it is newer than every source it was built from; otherwise, as while the CLI is being
// edited, the TypeScript sources through tsx's loader. Either way, never stale code.
import { BUNDLE, bundleIsFresh } from '../bundle-freshness.mjs';

if (bundleIsFresh()) {
  await import(BUNDLE);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}

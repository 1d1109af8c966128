#!/usr/bin/env node
// Runs the engine's offline CLI (TypeScript sources) through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');

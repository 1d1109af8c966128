#!/usr/bin/env node
// The `actiongate` command (@actiongate/cli). The CLI runs its TypeScript through tsx, so this shim
// registers tsx's loader and then loads the CLI from its sources.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');

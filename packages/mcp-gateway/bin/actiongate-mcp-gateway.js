#!/usr/bin/env node
// The `actiongate-mcp-gateway` command. The project runs TypeScript through tsx (no build step), so
// this shim registers tsx's loader and then loads the CLI from its sources.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');

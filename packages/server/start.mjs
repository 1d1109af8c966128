// `npm start`: bundles the server afresh (build.mjs, in a child process so esbuild's ~15 MB stay
// out of the server) and then runs the bundle in this process, so signals reach the server itself.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const built = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await import('./dist/main.mjs');

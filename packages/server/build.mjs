// Bundles the server (src/main.ts and the workspace packages it imports, @actiongate/*) into
// dist/main.mjs, so `npm start` runs plain JavaScript: no TypeScript loader at run time (tsx's
// loader thread and caches cost ~90 MB of RSS). Third-party packages stay external and load from
// node_modules as usual (better-sqlite3 is native; swagger-ui reads its files beside itself).
// Takes well under a second, so `npm start` builds every time and never runs stale code.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from './bundle.mjs';

const root = dirname(fileURLToPath(import.meta.url));
await bundle(join(root, 'src/main.ts'), join(root, 'dist/main.mjs'));

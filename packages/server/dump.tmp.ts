import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, configFromEnv, SigningKeyRing, SqliteStore } from './src/index.ts';
const dataDir = mkdtempSync(join(tmpdir(), 'ag-dump-'));
const store = new SqliteStore({ dataDir });
const { app } = buildApp({ config: configFromEnv({ ACTIONGATE_DATA_DIR: dataDir }), store, keyRing: SigningKeyRing.loadOrCreate(dataDir), logger: false });
await app.ready();
const doc: any = app.swagger();
for (const [path, ops] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(ops)) {
  const ok = Object.keys(op.responses ?? {}).filter((s) => /^2/.test(s));
  const has = ok.some((s) => op.responses[s].content || s === '204');
  console.log(has ? 'ok ' : 'MISSING', m.toUpperCase(), path, Object.keys(op.responses ?? {}).join(','));
}
if (process.argv[2]) console.log(JSON.stringify(doc, null, 1).slice(0, Number(process.argv[2])));
await app.close(); await store.close();

// The store conformance suite (src/store/store.cases.ts) against the embedded SQLite store.
import { SqliteStore } from '../src/index.ts';
import { runStoreTests } from '../src/store/store.cases.ts';

runStoreTests('sqlite', async () => new SqliteStore({ dataDir: ':memory:' }));

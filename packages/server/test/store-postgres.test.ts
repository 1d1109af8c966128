// The store conformance suite (src/store/store.cases.ts) against PostgreSQL: a real PostgreSQL 15
// started for this file (or the shared one of ACTIONGATE_TEST_DATABASE_URL), a fresh database per case.
import { after, before } from 'node:test';
import { PostgresStore } from '../src/store/postgres/postgres-store.ts';
import { runStoreTests } from '../src/store/store.cases.ts';
import { createSharedDatabase, startPostgres, type TestPostgres } from './support/postgres-server.ts';

let server: TestPostgres | null = null;
let adminUrl = process.env.ACTIONGATE_TEST_DATABASE_URL ?? '';

before(async () => {
  if (!adminUrl) {
    server = await startPostgres();
    adminUrl = server.adminUrl;
  }
});
after(async () => {
  await server?.stop();
});

runStoreTests('postgres', async () => PostgresStore.open({ url: await createSharedDatabase(adminUrl), poolSize: 4 }));

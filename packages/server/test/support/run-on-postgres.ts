// Runs test files with every test server on PostgreSQL: starts one test PostgreSQL 15, runs node's
// test runner with ACTIONGATE_TEST_STORE=postgres and its URL, stops it, exits with the runner's status.
// Usage: node --import tsx packages/server/test/support/run-on-postgres.ts FILE...
import { spawn } from 'node:child_process';
import { createMigratedTemplate, startPostgres } from './postgres-server.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('run-on-postgres: no test files given');
  process.exit(1);
}
let server;
let template: string;
try {
  server = await startPostgres();
  template = await createMigratedTemplate(server.adminUrl);
} catch (error) {
  console.error(`\n*** The PostgreSQL test run cannot start: ${(error as Error).message}\n`);
  process.exit(1);
}
console.log(`run-on-postgres: PostgreSQL 15 at ${server.adminUrl}; ${files.length} test files`);
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ACTIONGATE_TEST_STORE: 'postgres',
    ACTIONGATE_TEST_DATABASE_URL: server.adminUrl,
    ACTIONGATE_TEST_DATABASE_TEMPLATE: template,
  },
});
const status = await new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
await server.stop();
process.exit(status);

// `actiongate admin create-key`: a thin command over the server's create-admin-key module, for an
// operator locked out of their installation (works offline, on the database itself).
import { createRequire } from 'node:module';
import type { Command } from 'commander';
import { EXIT } from '../exit-codes.ts';
import { jsonOutput, UsageError } from '../context.ts';
import { printJson } from '../output.ts';

interface CreateKeyOptions {
  dataDir?: string;
  tenant?: string;
  name?: string;
}

type CreateAdminKeyModule = typeof import('../../../server/src/admin/create-admin-key.ts');

async function loadModule(): Promise<CreateAdminKeyModule> {
  try {
    // The server is not a dependency of the CLI; it must be installed beside it (its store, its schema).
    createRequire(import.meta.url).resolve('@actiongate/server');
  } catch {
    throw new UsageError('`admin` needs the @actiongate/server package; run it from the ActionGate repository');
  }
  // A literal import: the CLI's bundle carries the module (and the store it opens) in a chunk loaded by
  // this command alone, so it runs as plain JavaScript; loading the server's TypeScript through tsx
  // here cost ~3 s of CPU per command.
  return import('../../../server/src/admin/create-admin-key.ts');
}

export function adminCommand(program: Command): void {
  const admin = program.command('admin').description('offline administration of an installation (no server, no key)');
  admin
    .command('create-key')
    .description('mint a new admin key in the database (for a lost key); exit 0 done, 2 wrong directory or tenant')
    .option('--data-dir <dir>', 'data directory of the installation (ACTIONGATE_DATA_DIR)')
    .option('--tenant <id>', 'tenant to give the key to', 'tn_default')
    .option('--name <name>', 'name of the new key', 'recovery-admin')
    .action(async (options: CreateKeyOptions, self: Command) => {
      const json = jsonOutput(self);
      let module: CreateAdminKeyModule;
      try {
        module = await loadModule();
      } catch (error) {
        process.stderr.write(`actiongate: ${(error as Error).message}\n`);
        process.exitCode = EXIT.USAGE;
        return;
      }
      try {
        const created = await module.createAdminKey({
          dataDir: options.dataDir ?? process.env.ACTIONGATE_DATA_DIR,
          databaseUrl: process.env.ACTIONGATE_DATABASE_URL || undefined,
          tenantId: options.tenant,
          name: options.name,
        });
        if (json) {
          printJson({ tenant_id: created.tenantId, key_id: created.keyId, api_key: created.apiKey, created_tenant: created.createdTenant });
        } else {
          process.stdout.write(
            `${created.createdTenant ? `Created tenant ${created.tenantId} and its` : `New`} admin key ${created.keyId} ` +
              `for tenant ${created.tenantId} in ${created.database}\n  X-API-Key: ${created.apiKey}\n` +
              '  This key is shown once; keep it safe. Revoke a lost key with DELETE /fabric/api-keys/{id}.\n',
          );
        }
        process.exitCode = EXIT.OK;
      } catch (error) {
        const usage = error instanceof module.AdminCommandError;
        const message = (error as Error).message;
        if (json) printJson({ error: usage ? 'usage' : 'failed', detail: message });
        else process.stderr.write(`actiongate: ${message}\n`);
        process.exitCode = usage ? EXIT.USAGE : EXIT.ERROR;
      }
    });
}

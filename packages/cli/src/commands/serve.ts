// `actiongate serve`: starts the service in this process, as `npm start` does.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { applyConfigFile } from '../config-file.ts';
import { action, UsageError } from '../context.ts';

export function serveCommand(program: Command): void {
  program
    .command('serve')
    .description('start the ActionGate service (same as `npm start`)')
    .option('--port <port>', 'port to listen on (PORT, default 8080)')
    .option('--host <host>', 'address to listen on (HOST, default 127.0.0.1)')
    .option('--data-dir <dir>', 'database and signing keys (ACTIONGATE_DATA_DIR, default ./data)')
    .option('--config <file>', 'YAML file of settings (every environment variable; the environment wins)')
    .action(
      action(async (options: { port?: string; host?: string; dataDir?: string; config?: string }) => {
        if (options.config !== undefined) {
          try {
            applyConfigFile(options.config);
          } catch (error) {
            throw new UsageError(error instanceof Error ? error.message : String(error));
          }
        }
        if (options.port !== undefined) process.env.PORT = options.port;
        if (options.host !== undefined) process.env.HOST = options.host;
        if (options.dataDir !== undefined) process.env.ACTIONGATE_DATA_DIR = options.dataDir;
        let entry: string;
        try {
          // The server is not a dependency of the SDK; it is found where it is installed beside it.
          entry = createRequire(import.meta.url).resolve('@actiongate/server');
        } catch {
          throw new UsageError('`serve` needs the @actiongate/server package; run it from the ActionGate repository');
        }
        // start.mjs is what `npm start` runs: it bundles the server afresh and runs the bundle here.
        await import(pathToFileURL(join(dirname(entry), '..', 'start.mjs')).href);
      }),
    );
}

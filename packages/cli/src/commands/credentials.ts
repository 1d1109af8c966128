// `actiongate credentials add|list|rm`: the vault. The secret is read from an environment variable
// or stdin, never from the command line (where shell history and `ps` would keep it).
import type { Command } from 'commander';
import type { CredentialRequest, HttpMethod } from '@actiongate/sdk';
import { action, gateOf, jsonOutput, UsageError } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function credentialsCommand(program: Command): void {
  const credentials = program.command('credentials').description('the vault: secrets agents use through brokered calls, never see');

  credentials
    .command('add <name>')
    .description('add a credential, or rotate it when the name exists (its version goes up)')
    .option('--kind <kind>', 'bearer, header, basic (user:password) or query', 'bearer')
    .option('--secret-env <variable>', 'read the secret from this environment variable')
    .option('--secret-stdin', 'read the secret from stdin')
    .option('--host <host>', 'a host the secret may be sent to (repeat; `*.example.com` for subdomains)', collect)
    .option('--method <method>', 'an allowed HTTP method (repeat; any when absent)', collect)
    .option('--header-name <name>', 'the header (`header`) or URL parameter (`query`) carrying the secret')
    .option('--description <text>', 'what it is for')
    .action(
      action(
        async (
          name: string,
          options: {
            kind: string;
            secretEnv?: string;
            secretStdin?: boolean;
            host?: string[];
            method?: string[];
            headerName?: string;
            description?: string;
          },
          command: Command,
        ) => {
          if (Boolean(options.secretEnv) === Boolean(options.secretStdin)) {
            throw new UsageError('give the secret with exactly one of --secret-env <variable> or --secret-stdin');
          }
          const secret = options.secretEnv ? process.env[options.secretEnv] : await readStdin();
          if (!secret)
            throw new UsageError(options.secretEnv ? `environment variable \`${options.secretEnv}\` is empty or unset` : 'stdin was empty');
          if (!options.host?.length) throw new UsageError('name at least one --host the secret may be sent to');
          const request: CredentialRequest = {
            name,
            kind: options.kind as CredentialRequest['kind'],
            secret,
            allowed_hosts: options.host,
          };
          if (options.method?.length) request.allowed_methods = options.method.map((m) => m.toUpperCase() as HttpMethod);
          if (options.headerName) request.header_name = options.headerName;
          if (options.description) request.description = options.description;
          const stored = await gateOf(command).credentials.put(request);
          if (jsonOutput(command)) printJson(stored);
          else printRecord(stored);
        },
      ),
    );

  credentials
    .command('list')
    .description('list credentials: names, hosts, version, last use (never the secret)')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = await gateOf(command).credentials.list();
        if (jsonOutput(command)) printJson(list);
        else printTable(list, ['name', 'kind', 'version', 'allowed_hosts', 'allowed_methods', 'last_used_at']);
      }),
    );

  credentials
    .command('rm <name>')
    .description('delete a credential')
    .action(
      action(async (name: string, _options: unknown, command: Command) => {
        await gateOf(command).credentials.delete(name);
        if (jsonOutput(command)) printJson({ deleted: name });
        else process.stdout.write(`deleted credential ${name}\n`);
      }),
    );
}

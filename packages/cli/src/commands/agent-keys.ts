// `actiongate agent-keys create|list|revoke`: per-agent keys (the secret is shown once).
import type { Command } from 'commander';
import { action, gateOf, jsonOutput, UsageError } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';

export function agentKeysCommand(program: Command): void {
  const keys = program.command('agent-keys').description('keys of individual agents');

  keys
    .command('create')
    .description('mint a key for one agent; the key is shown once')
    .requiredOption('--name <name>', 'name of the key (and of the agent, unless --agent)')
    .option('--agent <agent_id>', 'the agent the key belongs to')
    .option('--budget <usd>', 'budget in USD')
    .action(
      action(async (options: { name: string; agent?: string; budget?: string }, command: Command) => {
        const budget = options.budget === undefined ? undefined : Number(options.budget);
        if (budget !== undefined && !(budget > 0)) throw new UsageError(`--budget must be a positive number, got \`${options.budget}\``);
        const created = await gateOf(command).agentKeys.create({ name: options.name, agent_id: options.agent, budget_usd: budget });
        if (jsonOutput(command)) printJson(created);
        else {
          printRecord(created);
          process.stderr.write('keep agent_key safe: it is not shown again\n');
        }
      }),
    );

  keys
    .command('list')
    .description('list agent keys with their trust state')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = await gateOf(command).agentKeys.list();
        if (jsonOutput(command))
          printJson({ agent_keys: list }); // the API's JSON, not the SDK's unwrapped list
        else
          printTable(
            list.map((key) => ({ ...key, approved: key.counters.approved, blocked: key.counters.blocked })),
            ['agent_key_id', 'agent_id', 'name', 'state', 'approved', 'blocked', 'revoked_at'],
          );
      }),
    );

  keys
    .command('revoke <agent_key_id>')
    .description('revoke an agent key')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const key = await gateOf(command).agentKeys.revoke(id);
        if (jsonOutput(command)) printJson(key);
        else process.stdout.write(`revoked ${key.agent_key_id} at ${key.revoked_at}\n`);
      }),
    );
}

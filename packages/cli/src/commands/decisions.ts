// `actiongate decisions list|show|verify`: the decision log, and local signature checks.
import type { Command } from 'commander';
import { action, gateOf, jsonOutput } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { formatDecision, printJson, printTable } from '../output.ts';

export function decisionsCommand(program: Command): void {
  const decisions = program.command('decisions').description('the signed decision log');

  decisions
    .command('list')
    .description('list decisions, newest first')
    .option('--limit <n>', 'at most this many (1..1000)', '50')
    .option('--cursor <cursor>', 'continue from a previous page')
    .option('--agent <agent_id>', 'only this agent')
    .option('--verdict <verdict>', 'only this verdict')
    .option('--path <path>', 'only this tool path')
    .action(
      action(async (options: { limit: string; cursor?: string; agent?: string; verdict?: string; path?: string }, command: Command) => {
        const page = await gateOf(command).decisions.list({
          limit: Number(options.limit),
          cursor: options.cursor,
          agent_id: options.agent,
          verdict: options.verdict,
          path: options.path,
        });
        if (jsonOutput(command)) return printJson(page);
        printTable(page.decisions, ['decision_id', 'verdict', 'agent_id', 'path', 'risk', 'created_at']);
        if (page.next_cursor) process.stdout.write(`more: --cursor ${page.next_cursor}\n`);
      }),
    );

  decisions
    .command('show <decision_id>')
    .description('one decision with every stage')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const record = await gateOf(command).decisions.get(id);
        if (jsonOutput(command)) return printJson(record);
        process.stdout.write(formatDecision(record));
        process.stdout.write(`payload ${JSON.stringify(record.payload)}\n`);
        if (record.outcome)
          process.stdout.write(`outcome ${record.outcome.status}${record.outcome.detail ? `: ${record.outcome.detail}` : ''}\n`);
      }),
    );

  decisions
    .command('verify <decision_id>')
    .description("check the decision's Ed25519 signature locally against the service's public keys; exit 1 if it fails")
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const check = await gateOf(command).decisions.verify(id);
        if (jsonOutput(command)) printJson(check);
        else if (check.valid)
          process.stdout.write(
            `valid: ${check.decision_id} signed by ${check.key_id} (v${check.version}, covers ${check.covers.join(', ')})\n`,
          );
        else process.stdout.write(`INVALID: ${check.decision_id}\n${check.problems.map((p) => `  ${p}\n`).join('')}`);
        return check.valid ? EXIT.OK : EXIT.ERROR;
      }),
    );
}

// `actiongate approvals list|show|approve|deny`: the review queue from a shell.
import type { Command } from 'commander';
import type { ApprovalStatus } from '@actiongate/sdk';
import { action, gateOf, jsonOutput } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';

export function approvalsCommand(program: Command): void {
  const approvals = program.command('approvals').description('the review queue of held calls');

  approvals
    .command('list')
    .description('list approvals, newest first')
    .option('--status <status>', 'pending, approved, denied, expired or consumed')
    .option('--agent <agent_id>', 'only this agent')
    .option('--limit <n>', 'at most this many (1..1000)', '100')
    .action(
      action(async (options: { status?: ApprovalStatus; agent?: string; limit: string }, command: Command) => {
        const list = await gateOf(command).approvals.list({
          status: options.status,
          agent_id: options.agent,
          limit: Number(options.limit),
        });
        if (jsonOutput(command))
          printJson({ approvals: list }); // the API's JSON, not the SDK's unwrapped list
        else printTable(list, ['approval_id', 'status', 'agent_id', 'path', 'risk', 'created_at', 'expires_at']);
      }),
    );

  approvals
    .command('show <approval_id>')
    .description('one approval, with the payload it covers')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const approval = await gateOf(command).approvals.get(id);
        if (jsonOutput(command)) printJson(approval);
        else printRecord(approval);
      }),
    );

  for (const verb of ['approve', 'deny'] as const) {
    approvals
      .command(`${verb} <approval_id>`)
      .description(`${verb} a held call (with a key other than the one that asked)`)
      .option('--note <text>', 'why, for later auditors')
      .action(
        action(async (id: string, options: { note?: string }, command: Command) => {
          const approval = await gateOf(command).approvals[verb](id, { note: options.note ?? null });
          if (jsonOutput(command)) printJson(approval);
          else process.stdout.write(`${approval.approval_id} ${approval.status}${approval.note ? `: ${approval.note}` : ''}\n`);
        }),
      );
  }
}

// `actiongate approvals list|show|votes|approve|deny`: the review queue from a shell; approve and
// deny sign the vote with an approver's Ed25519 key when given one (issue 21).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { signApprovalText, type ApprovalStatus } from '@actiongate/sdk';
import { action, gateOf, jsonOutput, UsageError } from '../context.ts';
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

  approvals
    .command('votes <approval_id>')
    .description('required and given approvers, the votes and their signatures')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const votes = await gateOf(command).governance.approvals.votes(id);
        if (jsonOutput(command)) return printJson(votes);
        const { votes: list, signing_text: _texts, request: _request, ...rest } = votes as Record<string, unknown> & { votes: object[] };
        printRecord(rest);
        process.stdout.write('\n');
        printTable(list, ['key_id', 'approved', 'reason', 'approver_key_id', 'at']);
      }),
    );

  for (const verb of ['approve', 'deny'] as const) {
    approvals
      .command(`${verb} <approval_id>`)
      .description(`${verb} a held call (with a key other than the one that asked); signed with --sign-key`)
      .option('--note <text>', 'why, for later auditors')
      .option('--sign-key <pem_file>', 'sign the vote with this Ed25519 private key (PEM); needs --approver-key')
      .option('--approver-key <approver_key_id>', 'the registered approver key (`apk_…`) of that private key')
      .action(
        action(async (id: string, options: { note?: string; signKey?: string; approverKey?: string }, command: Command) => {
          const gate = gateOf(command);
          if (Boolean(options.signKey) !== Boolean(options.approverKey)) throw new UsageError('--sign-key and --approver-key go together');
          if (options.signKey && options.approverKey) {
            // Issue 21: a signed vote; the private key is read here and never sent.
            const texts = (await gate.governance.approvals.votes(id)).signing_text;
            const signature = signApprovalText(readKey(options.signKey), verb === 'approve' ? texts.approved : texts.denied);
            const votes = (await gate.governance.approvals.sign(id, {
              approver_key_id: options.approverKey,
              signature_b64: signature,
              approved: verb === 'approve',
              reason: options.note ?? '',
            })) as Record<string, unknown>;
            if (jsonOutput(command)) printJson(votes);
            else process.stdout.write(`${id} ${votes.status} (signed by ${options.approverKey}, ${votes.remaining} more needed)\n`);
            return;
          }
          const approval = await gate.approvals[verb](id, { note: options.note ?? null });
          if (jsonOutput(command)) printJson(approval);
          else process.stdout.write(`${approval.approval_id} ${approval.status}${approval.note ? `: ${approval.note}` : ''}\n`);
        }),
      );
  }
}

/** The PEM text of a private key file, or a usage error naming the file. */
function readKey(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read \`${path}\`: ${(error as Error).message}`);
  }
}

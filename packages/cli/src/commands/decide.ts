// `actiongate decide` and `actiongate guard`: the decision call from a shell, with exit codes that
// scripts can branch on (0 allowed, 10 held, 11 blocked, 12 unreachable or any error).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import type { Command, CommanderError } from 'commander';
import { isHeld, mayRun } from '@actiongate/sdk';
import { ActionBlocked, ApprovalRequired } from '@actiongate/sdk';
import type { Decision } from '@actiongate/sdk';
import { gateOf, jsonOutput, parseJsonObject, reportError, UsageError } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { formatDecision, printJson } from '../output.ts';

/** The exit code of a decision under the client rule. */
export function exitCodeOf(decision: Decision): number {
  if (mayRun(decision)) return EXIT.OK;
  return isHeld(decision) ? EXIT.HELD : EXIT.BLOCKED;
}

/** Quotes one argument for a POSIX shell, only when it needs it. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_\/.,:=@%+-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Any failure of the decision call, a wrong command line included, is exit 12. */
async function orUnavailable(command: Command, run: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run();
  } catch (error) {
    reportError(command, error);
    process.exitCode = EXIT.UNAVAILABLE;
  }
}

/** A wrong command line of `decide` or `guard` is also exit 12 (help and version stay 0). */
function usageIsUnavailable(error: CommanderError): never {
  process.exit(error.exitCode === 0 ? 0 : EXIT.UNAVAILABLE);
}

interface DecideOptions {
  path: string;
  agent?: string;
  payload?: string;
  payloadFile?: string;
}

export function decideCommand(program: Command): void {
  program
    .command('decide')
    .description('decide one tool call; exit 0 allowed, 10 held, 11 blocked, 12 unreachable or error')
    .exitOverride(usageIsUnavailable)
    .requiredOption('--path <path>', 'tool path, e.g. /tools/send_email')
    .option('--agent <agent_id>', 'the agent (customer keys must name it)')
    .option('--payload <json>', 'the tool arguments as a JSON object')
    .option('--payload-file <file>', 'read the payload from a file (`-` for stdin)')
    .action((options: DecideOptions, command: Command) =>
      orUnavailable(command, async () => {
        if (options.payload !== undefined && options.payloadFile !== undefined) {
          throw new UsageError('give either --payload or --payload-file, not both');
        }
        let payload: Record<string, unknown> | undefined;
        if (options.payload !== undefined) payload = parseJsonObject(options.payload, '--payload');
        if (options.payloadFile !== undefined) {
          const text = readFileSync(options.payloadFile === '-' ? 0 : options.payloadFile, 'utf8');
          payload = parseJsonObject(text, `--payload-file \`${options.payloadFile}\``);
        }
        const decision = await gateOf(command).decide({ path: options.path, agent_id: options.agent, payload });
        if (jsonOutput(command)) printJson(decision);
        else process.stdout.write(formatDecision(decision));
        return exitCodeOf(decision);
      }),
    );
}

interface GuardOptions {
  path: string;
  agent?: string;
  wait?: string;
}

/** Runs argv without a shell, inheriting stdio; answers its exit code (128 + signal number when killed). */
function runCommand(argv: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit' });
    child.on('error', (error) => {
      // As a shell does: 127 when the command is not found, 126 when it cannot run.
      process.stderr.write(`actiongate: cannot run \`${argv[0]}\`: ${error.message}\n`);
      resolve((error as NodeJS.ErrnoException).code === 'ENOENT' ? 127 : 126);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
  });
}

export function guardCommand(program: Command): void {
  program
    .command('guard')
    .description('decide on a command line and run it only when allowed: exit code of the command, or 10/11/12')
    .exitOverride(usageIsUnavailable)
    .requiredOption('--path <path>', 'tool path, e.g. /tools/shell')
    .option('--agent <agent_id>', 'the agent (customer keys must name it)')
    .option('--wait <seconds>', 'when held, wait this long for a human, then run once if approved')
    .argument('<command...>', 'the command to run, after `--`')
    .action((argv: string[], options: GuardOptions, command: Command) =>
      orUnavailable(command, async () => {
        const waitSeconds = options.wait === undefined ? undefined : Number(options.wait);
        if (waitSeconds !== undefined && !(waitSeconds > 0)) throw new UsageError(`--wait must be a positive number of seconds`);
        const gate = gateOf(command);
        const guarded = gate.guard(options.path, (args: string[]) => runCommand(args), {
          agentId: options.agent,
          payload: (args: string[]) => ({ command: args.map(shellQuote).join(' '), argv: args }),
          waitForApproval: waitSeconds ? { timeoutMs: waitSeconds * 1000, pollIntervalMs: 1000 } : undefined,
        });
        try {
          return await guarded(argv);
        } catch (error) {
          if (error instanceof ApprovalRequired) {
            process.stderr.write(`actiongate: held for approval ${error.approvalId}: ${error.message}\n`);
            if (jsonOutput(command)) printJson(error.decision);
            return EXIT.HELD;
          }
          if (error instanceof ActionBlocked) {
            process.stderr.write(`actiongate: not running: ${error.message}\n`);
            if (jsonOutput(command)) printJson(error.decision);
            return EXIT.BLOCKED;
          }
          throw error;
        }
      }),
    );
}

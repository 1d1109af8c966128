// `actiongate journal export|verify` and `actiongate proof verify`: export the tenant's journal from
// the service, and check an export or an inclusion proof offline with nothing but the service's
// public key (the engine's verifier; no server). Usage errors exit 2, as the help says.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { action, gateOf } from '../context.ts';
import { EXIT } from '../exit-codes.ts';

interface VerifyOptions {
  publicKey?: string[];
  expectedHead?: string;
}

/** Bad usage (unknown option, missing argument) exits 2; `--help` exits 0. */
function usageExitsTwo(command: Command): Command {
  return command.exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : EXIT.USAGE));
}

function verifyCommand(parent: Command, noun: 'journal' | 'proof', description: string): void {
  const verify = usageExitsTwo(
    parent
      .command('verify <file>')
      .description(
        `verify a ${noun === 'journal' ? 'journal export (JSON or NDJSON)' : 'proof the service returned'}; exit 0 valid, 1 invalid, 2 usage`,
      ),
  )
    // Checked by the verifier (exit 2 when missing), not by commander (which would exit 1).
    .option('--public-key <key...>', 'raw base64url Ed25519 key, PEM, JWK, the /fabric/keys/public answer, or a file of one (required)')
    .action(async (file: string, options: VerifyOptions, self: Command) => {
      const { runJournalCli } = await import('@actiongate/engine/journal-cli');
      const argv = [noun, 'verify', file, ...(options.publicKey ?? []).flatMap((key) => ['--public-key', key])];
      if (options.expectedHead) argv.push('--expected-head', options.expectedHead);
      if (self.optsWithGlobals().json) argv.push('--json');
      process.exitCode = runJournalCli(argv);
    });
  if (noun === 'journal') verify.option('--expected-head <hash>', 'entry hash the journal must end at');
}

export function journalCommands(program: Command): void {
  const journal = usageExitsTwo(program.command('journal').description('the tamper-evident decision journal'));
  journal
    .command('export')
    .description('write the tenant’s whole journal (and a signed tree head) as JSON, for `journal verify`; approver or admin key')
    .option('--out <file>', 'file to write (default: standard output)')
    .action(
      action(async (options: { out?: string }, command: Command) => {
        const gate = gateOf(command);
        const entries: unknown[] = [];
        let treeHead: unknown = null;
        let after = 0;
        for (;;) {
          const page = await gate.journal.page({ after, limit: 1000 });
          if (after === 0) treeHead = page.tree_head;
          entries.push(...page.entries);
          if (page.next_after === null) break;
          after = page.next_after;
        }
        const text = JSON.stringify({ entries, tree_head: treeHead }, null, 2) + '\n';
        if (options.out) {
          writeFileSync(options.out, text);
          process.stderr.write(`wrote ${entries.length} journal entries to ${options.out}\n`);
        } else process.stdout.write(text);
      }),
    );
  verifyCommand(journal, 'journal', 'the tamper-evident decision journal');
  const proof = usageExitsTwo(program.command('proof').description('inclusion proofs of single records'));
  verifyCommand(proof, 'proof', 'inclusion proofs of single records');
}

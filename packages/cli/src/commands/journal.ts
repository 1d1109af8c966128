// `actiongate journal verify` and `actiongate proof verify`: offline checks of a journal export or
// an inclusion proof with nothing but the service's public key (the engine's verifier; no server).
import type { Command } from 'commander';

interface VerifyOptions {
  publicKey: string[];
  expectedHead?: string;
}

function verifyCommand(program: Command, noun: 'journal' | 'proof', description: string): void {
  const command = program.command(noun).description(description);
  const verify = command
    .command('verify <file>')
    .description(
      `verify a ${noun === 'journal' ? 'journal export (JSON or NDJSON)' : 'proof the service returned'}; exit 0 valid, 1 invalid, 2 usage`,
    )
    .requiredOption('--public-key <key...>', 'raw base64url Ed25519 key, PEM, JWK, the /fabric/keys/public answer, or a file of one')
    .action(async (file: string, options: VerifyOptions, self: Command) => {
      const { runJournalCli } = await import('@actiongate/engine/journal-cli');
      const argv = [noun, 'verify', file, ...options.publicKey.flatMap((key) => ['--public-key', key])];
      if (options.expectedHead) argv.push('--expected-head', options.expectedHead);
      if (self.optsWithGlobals().json) argv.push('--json');
      process.exitCode = runJournalCli(argv);
    });
  if (noun === 'journal') verify.option('--expected-head <hash>', 'entry hash the journal must end at');
}

export function journalCommands(program: Command): void {
  verifyCommand(program, 'journal', 'the tamper-evident decision journal');
  verifyCommand(program, 'proof', 'inclusion proofs of single records');
}

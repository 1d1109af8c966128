// `actiongate audit verify package.zip`: offline check of an audit package (the engine's verifier; no server).
import type { Command } from 'commander';

export function auditCommands(program: Command): void {
  program
    .command('audit')
    .description('compliance audit packages')
    .command('verify <file>')
    .description('verify an audit package zip offline: signature, hashes, proofs, completeness; exit 0 valid, 1 invalid, 2 usage')
    .option('--public-key <key...>', "the service's public key(s); without it the package's own keys are used")
    .action(async (file: string, options: { publicKey?: string[] }, self: Command) => {
      const { runAuditCli } = await import('@actiongate/engine/audit-cli');
      const argv = ['audit', 'verify', file, ...(options.publicKey ?? []).flatMap((key) => ['--public-key', key])];
      if (self.optsWithGlobals().json) argv.push('--json');
      process.exitCode = runAuditCli(argv);
    });
}

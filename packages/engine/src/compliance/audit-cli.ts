// `audit verify PACKAGE.zip [--public-key KEY …] [--json]`: checks an audit package offline, with
// nothing but the service's public key. Without --public-key the package's own copy of the keys is
// used and the answer says so (that proves integrity, not who made it). Exit 0 valid, 1 invalid, 2 usage.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { publicKeySet } from '../journal/public-keys.ts';
import { verifyAuditPackage } from './verify-audit-package.ts';
import { joinValues } from '../option-values.ts';

const USAGE = `usage: audit verify PACKAGE.zip [--public-key KEY ...] [--json]
KEY: raw base64url, PEM, JWK, the GET /fabric/keys/public answer, or a file holding one.`;

export interface AuditCliIo {
  out(text: string): void;
  err(text: string): void;
  readBytes(path: string): Uint8Array;
  readText(path: string): string;
  exists(path: string): boolean;
}

const defaultIo: AuditCliIo = {
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
  readBytes: (path) => readFileSync(path),
  readText: (path) => readFileSync(path, 'utf8'),
  exists: (path) => existsSync(path),
};

/** Runs the command on its arguments; returns the exit code. */
export function runAuditCli(argv: string[], io: AuditCliIo = defaultIo): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinValues(argv, ['--public-key']),
      allowPositionals: true,
      options: { 'public-key': { type: 'string', multiple: true }, json: { type: 'boolean', default: false } },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [noun, verb, file] = parsed.positionals;
  if (noun !== 'audit' || verb !== 'verify' || !file || parsed.positionals.length > 3) {
    io.err(USAGE);
    return 2;
  }
  let keys;
  let bytes;
  try {
    const given = parsed.values['public-key'] ?? [];
    keys = given.length ? publicKeySet(given.map((key) => (io.exists(key) ? io.readText(key) : key))) : undefined;
    bytes = io.readBytes(file);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  const result = verifyAuditPackage(bytes, { keys });
  if (parsed.values.json) io.out(JSON.stringify(result));
  else if (result.valid) {
    const m = result.manifest!;
    io.out(
      `valid: ${m.counts.entries} records (${m.counts.decisions} decisions, ${m.counts.approval_events} approval events), ` +
        `seq ${m.first_seq}-${m.last_seq}, ${m.counts.control_results} control results, ${m.framework.name}, ${m.period_start} to ${m.period_end}`,
    );
    if (result.trust === 'package-keys')
      io.out("warning: checked with the package's own public keys; pass --public-key to check who signed it");
  } else {
    io.out(`INVALID: ${result.problems.length} problem(s)\n` + result.problems.map((p) => `- ${p}`).join('\n'));
  }
  return result.valid ? 0 : 1;
}

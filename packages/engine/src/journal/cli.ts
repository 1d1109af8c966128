// A tiny command line for auditors, needing nothing but the service's public key (no server):
//   journal verify FILE --public-key KEY [--public-key KEY2 …] [--expected-head HASH] [--json]
//   proof verify FILE --public-key KEY [--json]
// FILE is an export of `GET /fabric/journal` (JSON or NDJSON) or a proof the service returned; KEY is
// raw base64url, a PEM, a JWK, the `GET /fabric/keys/public` answer, or a file holding any of them.
// This is the one file of the engine that reads files; `runJournalCli` is what the `actiongate` CLI wraps.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SIGNATURE_COVERS } from '../signing.ts';
import { publicKeySet } from './public-keys.ts';
import { verifyJournal } from './verify-journal.ts';
import { verifyProof } from './verify-proof.ts';
import { joinValues } from '../option-values.ts';

const USAGE = `usage:
  journal verify FILE --public-key KEY [--expected-head HASH] [--json]
  proof verify FILE --public-key KEY [--json]
KEY may be given more than once (records signed before a key rotation need the older key).`;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readFile(path: string): string;
  exists(path: string): boolean;
}

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
  readFile: (path) => readFileSync(path === '-' ? 0 : path, 'utf8'),
  exists: (path) => existsSync(path),
};

const VALUE_OPTIONS = ['--public-key', '--expected-head'];

/** Runs the CLI on its arguments (without `node` and the script); returns the exit code: 0 valid, 1 invalid, 2 usage. */
export function runJournalCli(argv: string[], io: CliIo = defaultIo): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinValues(argv, VALUE_OPTIONS),
      allowPositionals: true,
      options: {
        'public-key': { type: 'string', multiple: true },
        'expected-head': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [noun, verb, file] = positionals;
  if (values.help || !['journal', 'proof'].includes(noun) || verb !== 'verify' || !file || positionals.length > 3) {
    io.err(USAGE);
    return values.help ? 0 : 2;
  }
  if (!values['public-key']?.length) {
    io.err(`--public-key is required\n${USAGE}`);
    return 2;
  }
  let keys;
  let document: unknown;
  try {
    keys = publicKeySet(values['public-key'].map((key) => (io.exists(key) ? io.readFile(key) : key)));
    document = parseDocument(io.readFile(file));
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }

  if (noun === 'journal') {
    const exported = document as { entries?: unknown; tree_head?: unknown };
    const entries = Array.isArray(document) ? document : exported.entries;
    const treeHead = Array.isArray(document) ? undefined : exported.tree_head;
    const result = verifyJournal(entries, { keys, expectedHead: values['expected-head'] ?? null, treeHead });
    if (values.json) io.out(JSON.stringify(result));
    else if (result.valid) {
      const signed = treeHead ? ', matches the signed tree head' : '';
      io.out(`valid: ${result.length} entries, head ${result.head ?? '(empty journal)'}${signed}`);
      const counts = result.signatures ?? { v1: 0, v2: 0 };
      if (counts.v2) io.out(`  ${counts.v2} decision signatures v2, covering ${SIGNATURE_COVERS[2].join(', ')}`);
      if (counts.v1)
        io.out(
          `  ${counts.v1} decision signatures v1, covering ${SIGNATURE_COVERS[1].join(', ')} (not the agent, key, tool path or payload)`,
        );
    } else {
      const where =
        result.first_invalid_index === null
          ? 'the journal'
          : `entry index ${result.first_invalid_index} (seq ${result.first_invalid_index + 1})`;
      io.out(
        `INVALID at ${where}: ${result.reason}\n${result.length} entries verified before it; last good head ${result.head ?? '(none)'}`,
      );
    }
    return result.valid ? 0 : 1;
  }
  const result = verifyProof(document, keys);
  if (values.json) io.out(JSON.stringify(result));
  else io.out(result.valid ? `valid ${result.kind} proof` : `INVALID ${result.kind ?? ''} proof: ${result.reason}`.replace('  ', ' '));
  return result.valid ? 0 : 1;
}

/** JSON, or NDJSON (one entry per line) as an array. */
function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length < 2) throw new Error(`the file is not JSON: ${(error as Error).message}`);
    return lines.map((line, i) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`line ${i + 1} of the file is not JSON`);
      }
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runJournalCli(process.argv.slice(2));
}

// `actiongate-engine screen|classify`: the engine without a server, like `opa eval`. Reads JSON
// lines on standard input and writes one JSON line per input, so tenants can test payloads and
// rules in CI. A line that is not valid input gets `{"error": "..."}` and the exit code is 2.
import { createInterface } from 'node:readline';
import { classifyRisk } from './risk/classify-risk.ts';
import { screenInjection } from './injection/screen-injection.ts';

const USAGE = `usage: actiongate-engine <command>

commands:
  screen     read {"text": "..."} or {"payload": {...}} lines; write {"flagged", "score", "findings"} lines
  classify   read {"path": "/tools/x", "payload": {...}} lines; write {"class", "reasons"} lines
`;

type Handler = (input: Record<string, unknown>) => unknown;

const HANDLERS: Record<string, Handler> = {
  screen(input) {
    if (typeof input.text === 'string') return screenInjection({ text: input.text });
    if ('payload' in input) return screenInjection(input.payload);
    throw new Error('expected `text` (a string) or `payload`');
  },
  classify(input) {
    if (typeof input.path !== 'string') throw new Error('expected `path` (a string such as /tools/shell)');
    return classifyRisk({ path: input.path, payload: input.payload ?? {} });
  },
};

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!command || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const handler = HANDLERS[command];
  if (!handler) {
    process.stderr.write(`unknown command \`${command}\`\n${USAGE}`);
    return 2;
  }
  let failed = false;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    let output: unknown;
    try {
      const input = JSON.parse(line) as unknown;
      if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new Error('expected a JSON object');
      output = handler(input as Record<string, unknown>);
    } catch (error) {
      failed = true;
      output = { error: error instanceof Error ? error.message : String(error) };
    }
    process.stdout.write(JSON.stringify(output) + '\n');
  }
  return failed ? 2 : 0;
}

process.exitCode = await main(process.argv.slice(2));

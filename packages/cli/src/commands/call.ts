// `actiongate call <credential> <url>`: a brokered call. The service decides it like any tool call
// and, when allowed, sends it with the credential injected; the upstream's body goes to stdout.
// Exit codes as `decide`: 0 sent (and the upstream answered below 400), 10 held, 11 blocked or
// failed, 12 no answer from ActionGate.
import type { Command } from 'commander';
import type { CallRequest, HttpMethod } from '@actiongate/sdk';
import { action, gateOf, jsonOutput, parseJsonObject, UsageError } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { printJson } from '../output.ts';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function callCommand(program: Command): void {
  program
    .command('call <credential> <url>')
    .description('send an HTTP request through ActionGate with a vault credential; decided first')
    .option('-X, --method <method>', 'HTTP method', 'GET')
    .option('-H, --header <name:value>', 'a request header (repeat)', collect)
    .option('--json-body <json>', 'a JSON body (sent as application/json)')
    .option('-d, --data <text>', 'a text body')
    .option('--agent <agent_id>', 'the agent making the call (customer keys)')
    .action(
      action(
        async (
          credential: string,
          url: string,
          options: { method: string; header?: string[]; jsonBody?: string; data?: string; agent?: string },
          command: Command,
        ) => {
          if (options.jsonBody !== undefined && options.data !== undefined) throw new UsageError('give --json-body or --data, not both');
          const request: CallRequest = { credential, url, method: options.method.toUpperCase() as HttpMethod };
          if (options.header?.length) {
            request.headers = {};
            for (const header of options.header) {
              const colon = header.indexOf(':');
              if (colon <= 0) throw new UsageError(`--header must be name:value, got \`${header}\``);
              request.headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
            }
          }
          if (options.jsonBody !== undefined) {
            try {
              request.json = JSON.parse(options.jsonBody);
            } catch {
              request.json = parseJsonObject(options.jsonBody, '--json-body');
            }
          }
          if (options.data !== undefined) request.body = options.data;
          if (options.agent) request.agent_id = options.agent;
          const result = await gateOf(command, { agentId: options.agent }).brokeredCall(request);
          if (jsonOutput(command)) printJson(result);
          else if (result.upstream) {
            const body = result.upstream.body_encoding === 'base64' ? Buffer.from(result.upstream.body, 'base64') : result.upstream.body;
            process.stdout.write(body);
            process.stderr.write(`actiongate: ${result.detail} (decision ${result.decision.decision_id})\n`);
          } else {
            process.stderr.write(`actiongate: ${result.error ?? result.detail} (decision ${result.decision.decision_id})\n`);
          }
          if (result.upstream) return result.upstream.status < 400 ? EXIT.OK : EXIT.BLOCKED;
          return result.decision.verdict === 'REQUIRE_APPROVAL' ? EXIT.HELD : EXIT.BLOCKED;
        },
      ),
    );
}

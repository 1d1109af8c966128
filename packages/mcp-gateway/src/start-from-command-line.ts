// Turns the command line into a configuration, starts the gateway on stdio, and stops it (and the
// upstream processes) when the client closes stdin or the process is told to stop.
import { ConfigError, loadConfigFile, type GatewayConfig } from './config.ts';
import { runGateway } from './gateway.ts';
import { stderrLogger } from './log.ts';

export interface CommandLineOptions {
  config?: string;
  server?: string;
  agent?: string;
  wait?: string;
  url?: string;
  apiKey?: string;
  timeout?: string;
}

function positiveNumber(text: string, flag: string, allowZero = false): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) throw new ConfigError(`${flag} must be a positive number, got \`${text}\``);
  return n;
}

/** The configuration the command line describes. */
export function configFromCommandLine(argv: string[], options: CommandLineOptions): GatewayConfig {
  let config: GatewayConfig;
  if (options.config !== undefined) {
    if (options.server !== undefined || argv.length > 0)
      throw new ConfigError('give either --config or --server KEY -- <command>, not both');
    config = loadConfigFile(options.config);
  } else if (options.server !== undefined) {
    if (argv.length === 0) throw new ConfigError('--server needs the upstream command after `--`');
    config = { mcpServers: { [options.server]: { command: argv[0], args: argv.slice(1) } } };
  } else {
    throw new ConfigError('give --config gateway.json, or --server KEY -- <command …>');
  }
  const actiongate = { ...config.actiongate };
  if (options.url !== undefined) actiongate.url = options.url;
  if (options.agent !== undefined) actiongate.agentId = options.agent;
  if (options.timeout !== undefined) actiongate.timeoutMs = positiveNumber(options.timeout, '--timeout');
  if (options.wait !== undefined) actiongate.approvalWaitMs = positiveNumber(options.wait, '--wait', true) * 1000;
  return { ...config, actiongate, ...(options.apiKey !== undefined && { agentKey: options.apiKey }) };
}

/** Runs the gateway until stdin closes or a signal arrives; answers the exit code. */
export async function startFromCommandLine(argv: string[], options: CommandLineOptions): Promise<number> {
  let gateway: Awaited<ReturnType<typeof runGateway>>;
  try {
    gateway = await runGateway(configFromCommandLine(argv, options));
  } catch (error) {
    stderrLogger(error instanceof ConfigError ? error.message : `cannot start: ${(error as Error).message}`);
    return 1;
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    gateway.server.onclose = stop;
  });
  await gateway.close();
  stderrLogger('stopped');
  // Upstream children are closed; nothing else may keep the process waiting.
  process.exit(0);
}

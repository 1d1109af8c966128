// `actiongate mcp-gateway`: the command-line face of the gateway. This file stays light (the MCP
// SDK is loaded only when the command runs), since the `actiongate` CLI registers it for every run.
import type { Command } from 'commander';

interface GatewayCommandOptions {
  config?: string;
  server?: string;
  agent?: string;
  wait?: string;
}

interface GlobalOptions {
  url?: string;
  apiKey?: string;
  timeout?: string;
}

/** Adds the gateway's options and action to `command`. */
export function configureGatewayCommand(command: Command): Command {
  return command
    .description('MCP gateway: serve MCP on stdio in front of upstream MCP servers; every tools/call is decided by ActionGate first')
    .option('--config <file>', 'gateway.json: `mcpServers` (stdio `command` or Streamable HTTP `url`) and `actiongate` settings')
    .option('--server <key>', 'one stdio upstream under this key, started with the command after `--`')
    .option('--agent <agent_id>', 'the agent the calls are decided for (default: the agent of the agent key)')
    .option('--wait <seconds>', 'how long a held call waits for a human when the client cannot ask inline (default 45)')
    .argument('[command...]', 'with --server: the upstream command and its arguments, after `--`')
    .addHelpText(
      'after',
      '\nKeys come from the environment: ACTIONGATE_AGENT_KEY (the agent key calls are decided with) and\n' +
        'ACTIONGATE_APPROVER_KEY (records approvals the user gives in the client; never the agent key).\n' +
        'stdout carries the MCP protocol; the log goes to stderr.\n\n' +
        'Example: actiongate mcp-gateway --server fs -- npx -y @modelcontextprotocol/server-filesystem ~/notes',
    )
    .action(async (argv: string[], options: GatewayCommandOptions, cmd: Command) => {
      const { startFromCommandLine } = await import('./start-from-command-line.ts');
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      // `actiongate --timeout` has a default; only a timeout the user typed overrides the file's.
      if (cmd.getOptionValueSourceWithGlobals('timeout') === 'default') delete globals.timeout;
      process.exitCode = await startFromCommandLine(argv, { ...options, ...globals });
    });
}

/** Registers `mcp-gateway` on the `actiongate` program. */
export function mcpGatewayCommand(program: Command): void {
  configureGatewayCommand(program.command('mcp-gateway'));
}

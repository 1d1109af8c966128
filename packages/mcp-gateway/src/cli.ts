// `actiongate-mcp-gateway`: the gateway on its own, for MCP client configs that want one binary.
// Same options as `actiongate mcp-gateway`.
import { Command } from 'commander';
import { configureGatewayCommand } from './cli-command.ts';

const program = new Command('actiongate-mcp-gateway')
  .version('0.1.0')
  .option('--url <url>', 'ActionGate URL (ACTIONGATE_URL, default http://127.0.0.1:8080)')
  .option('--api-key <key>', 'the agent key (prefer ACTIONGATE_AGENT_KEY: command lines are visible to other users)')
  .option('--timeout <ms>', 'deadline of each decision call in milliseconds (default 5000)');
configureGatewayCommand(program);

await program.parseAsync(process.argv);

// The `actiongate` command line: one subcommand per area of the API. Exit codes in exit-codes.ts.
import { Command, Option } from 'commander';
import { adminCommand } from './commands/admin.ts';
import { agentKeysCommand } from './commands/agent-keys.ts';
import { agentsCommand } from './commands/agents.ts';
import { budgetsCommand } from './commands/budgets.ts'; // issue 19
import { approvalsCommand } from './commands/approvals.ts';
import { decideCommand, guardCommand } from './commands/decide.ts';
import { decisionsCommand } from './commands/decisions.ts';
import { rulesCommand } from './commands/rules.ts';
import { serveCommand } from './commands/serve.ts';
import { tryCommand } from './commands/try.ts';
import { journalCommands } from './commands/journal.ts';
import { credentialsCommand } from './commands/credentials.ts';
import { callCommand } from './commands/call.ts';
import { auditCommands } from './commands/audit.ts';
import { mcpGatewayCommand } from '@actiongate/mcp-gateway/command';
import { plansCommand, policiesCommand } from './commands/governance.ts'; // issue 21

const program = new Command('actiongate')
  .description('ActionGate: governance for the tool calls of software agents')
  .version('0.1.0')
  .option('--url <url>', 'service URL (ACTIONGATE_URL, default http://127.0.0.1:8080)')
  .option('--api-key <key>', 'X-API-Key (ACTIONGATE_API_KEY)')
  .addOption(
    new Option('--timeout <ms>', 'deadline of each call in milliseconds, retries included').env('ACTIONGATE_TIMEOUT_MS').default('5000'),
  )
  .option('--json', 'machine-readable output');

serveCommand(program);
decideCommand(program);
guardCommand(program);
approvalsCommand(program);
rulesCommand(program);
agentKeysCommand(program);
agentsCommand(program);
budgetsCommand(program); // issue 19
decisionsCommand(program);
tryCommand(program);
journalCommands(program);
adminCommand(program);
credentialsCommand(program);
callCommand(program);
auditCommands(program);
mcpGatewayCommand(program);
policiesCommand(program); // issue 21
plansCommand(program);

await program.parseAsync(process.argv);

// `actiongate agents list|show|suspend|revoke|reinstate`: trust states and the operator's overrides.
import type { Command } from 'commander';
import type { Agent } from '@actiongate/sdk';
import { action, gateOf, jsonOutput } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';

const row = (agent: Agent) => ({
  ...agent,
  approved: agent.counters.approved,
  blocked: agent.counters.blocked,
  share: agent.counters.approved_share,
});

export function agentsCommand(program: Command): void {
  const agents = program.command('agents').description('agents and their trust state');

  agents
    .command('list')
    .description('list agents, most recently seen first')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = await gateOf(command).agents.list();
        if (jsonOutput(command))
          printJson({ agents: list }); // the API's JSON, not the SDK's unwrapped list
        else printTable(list.map(row), ['agent_id', 'state', 'override', 'approved', 'blocked', 'share', 'last_seen_at']);
      }),
    );

  agents
    .command('show <agent_id>')
    .description('one agent: state, record and what it needs to reach the next state')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const agent = await gateOf(command).agents.get(id);
        if (jsonOutput(command)) printJson(agent);
        else printRecord(agent);
      }),
    );

  for (const verb of ['suspend', 'revoke', 'reinstate'] as const) {
    agents
      .command(`${verb} <agent_id>`)
      .description(`${verb} an agent`)
      .requiredOption('--reason <text>', 'why, for the record')
      .action(
        action(async (id: string, options: { reason: string }, command: Command) => {
          const agent = await gateOf(command).agents[verb](id, options.reason);
          if (jsonOutput(command)) printJson(agent);
          else process.stdout.write(`${agent.agent_id} is ${agent.state}${agent.override_reason ? ` (${agent.override_reason})` : ''}\n`);
        }),
      );
  }
}

// `actiongate try [scenario]`: the no-account demo. Without a scenario, lists them.
import type { Command } from 'commander';
import { action, gateOf, jsonOutput } from '../context.ts';
import { formatDecision, printJson } from '../output.ts';
import { exitCodeOf } from './decide.ts';

export function tryCommand(program: Command): void {
  program
    .command('try [scenario]')
    .description('run a fixed demo scenario against a throwaway tenant (no key needed); without one, list them')
    .action(
      action(async (scenario: string | undefined, _options: unknown, command: Command) => {
        const gate = gateOf(command);
        if (!scenario) {
          const list = await gate.demo.scenarios();
          if (jsonOutput(command)) return printJson(list);
          const items = Array.isArray(list) ? list : ((list as { scenarios?: unknown[] })?.scenarios ?? []);
          for (const item of items) {
            const entry = item as { id?: string; scenario_id?: string; description?: string; title?: string };
            process.stdout.write(`${entry.id ?? entry.scenario_id ?? JSON.stringify(item)}  ${entry.description ?? entry.title ?? ''}\n`);
          }
          return;
        }
        const result = await gate.demo.run(scenario);
        if (jsonOutput(command)) printJson(result);
        else process.stdout.write(formatDecision({ ...result, stages: result.chain } as never));
        return exitCodeOf(result as never);
      }),
    );
}

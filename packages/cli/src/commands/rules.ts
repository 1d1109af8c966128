// `actiongate rules list|add|edit|rm`: tool rules (deny wins; every edit bumps the version).
// `rules export|apply|test`: rules as code (issue 16), in rules-as-code.ts.
import { Option, type Command } from 'commander';
import type { RuleEffect, ToolRulePatch } from '@actiongate/sdk';
import { action, gateOf, jsonOutput, UsageError } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';
import { rulesAsCodeCommands } from './rules-as-code.ts';

const EFFECTS = ['allow', 'deny', 'require_approval'];
const COLUMNS = ['id', 'version', 'name', 'effect', 'match_path', 'enabled'];

interface RuleOptions {
  name?: string;
  effect?: RuleEffect;
  match?: string;
  description?: string;
  enabled?: boolean;
}

export function rulesCommand(program: Command): void {
  const rules = program.command('rules').description('tool rules: allow, deny or require_approval by tool path');

  rules
    .command('list')
    .description('list the tool rules')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = await gateOf(command).toolRules.list();
        if (jsonOutput(command))
          printJson({ rules: list }); // the API's JSON, not the SDK's unwrapped list
        else printTable(list, COLUMNS);
      }),
    );

  rules
    .command('add')
    .description('add a tool rule')
    .requiredOption('--name <name>', 'a name people will recognise')
    .addOption(new Option('--effect <effect>', 'what the rule does').choices(EFFECTS).makeOptionMandatory())
    .requiredOption('--match <path>', 'tool path; a subtree when it ends with `/`; `*` is one segment')
    .option('--description <text>', 'why the rule exists')
    .option('--disabled', 'create it switched off')
    .action(
      action(async (options: RuleOptions & { disabled?: boolean }, command: Command) => {
        const rule = await gateOf(command).toolRules.create({
          name: options.name!,
          effect: options.effect!,
          match_path: options.match!,
          description: options.description,
          enabled: !options.disabled,
        });
        if (jsonOutput(command)) printJson(rule);
        else printRecord(rule);
      }),
    );

  rules
    .command('edit <rule_id>')
    .description('change a tool rule (bumps its version)')
    .option('--name <name>', 'new name')
    .addOption(new Option('--effect <effect>', 'new effect').choices(EFFECTS))
    .option('--match <path>', 'new tool path')
    .option('--description <text>', 'new description')
    .option('--enable', 'switch it on')
    .option('--disable', 'switch it off')
    .action(
      action(async (id: string, options: RuleOptions & { enable?: boolean; disable?: boolean }, command: Command) => {
        if (options.enable && options.disable) throw new UsageError('give --enable or --disable, not both');
        const patch: ToolRulePatch = {};
        if (options.name !== undefined) patch.name = options.name;
        if (options.effect !== undefined) patch.effect = options.effect;
        if (options.match !== undefined) patch.match_path = options.match;
        if (options.description !== undefined) patch.description = options.description;
        if (options.enable) patch.enabled = true;
        if (options.disable) patch.enabled = false;
        if (Object.keys(patch).length === 0) throw new UsageError('nothing to change: give at least one option');
        const rule = await gateOf(command).toolRules.update(id, patch);
        if (jsonOutput(command)) printJson(rule);
        else printRecord(rule);
      }),
    );

  rulesAsCodeCommands(rules);

  rules
    .command('rm <rule_id>')
    .description('delete a tool rule')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        await gateOf(command).toolRules.delete(id);
        if (jsonOutput(command)) printJson({ deleted: id });
        else process.stdout.write(`deleted ${id}\n`);
      }),
    );
}

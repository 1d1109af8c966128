// Rules as code (issue 16): `rules export > rules.yaml` writes the tenant's rules as a declarative
// file; `rules apply rules.yaml` makes the tenant's rules exactly that file in one transaction
// (`PUT /fabric/tool-rules`), showing the diff (`--dry-run`: only the diff); `rules test
// cases.yaml` runs table cases offline through the engine and exits non-zero on a mismatch.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parse, stringify } from 'yaml';
import type { ToolRule, ToolRuleRequest, ToolRuleSetResult } from '@actiongate/sdk';
import { action, gateOf, jsonOutput } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { printJson } from '../output.ts';
import { CaseFileError } from '../case-file-error.ts';

/**
 * The case runner, loaded when `rules test` runs: it imports the engine, whose injection screen
 * compiles its patterns at load (about a second of CPU), which every other command of this binary
 * (and every CLI spawn of the tests) would otherwise pay. `rules apply` loads only rule-file.ts.
 */
const ruleCases = () => import('../rule-cases.ts');

/** A rule as a file declares it: no id, no version, defaults left out so the file stays short. */
function declared(rule: ToolRule): ToolRuleRequest {
  const out: ToolRuleRequest = { name: rule.name, effect: rule.effect, match_path: rule.match_path };
  if (rule.match_args && rule.match_args.length > 0) out.match_args = rule.match_args;
  if (rule.agent_ids && rule.agent_ids.length > 0) out.agent_ids = rule.agent_ids;
  if (rule.risk_at_least) out.risk_at_least = rule.risk_at_least;
  if (rule.min_distinct_approvers && rule.min_distinct_approvers > 1) out.min_distinct_approvers = rule.min_distinct_approvers;
  if (rule.description) out.description = rule.description;
  if (!rule.enabled) out.enabled = false;
  return out;
}

/** Reads and parses a YAML (or JSON) file; a missing or malformed file is a usage error (exit 2). */
export function readYaml(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CaseFileError(`cannot read \`${path}\`: ${(error as Error).message}`);
  }
  try {
    return parse(text);
  } catch (error) {
    throw new CaseFileError(`\`${path}\` is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

const show = (value: unknown) => (value === undefined || value === null ? '(none)' : JSON.stringify(value));

/** The diff of a rule-set change, one line per rule, with old and new values of changed fields. */
function diffLines(result: ToolRuleSetResult, before: ToolRule[]): string[] {
  const old = new Map(before.map((rule) => [rule.id, rule as unknown as Record<string, unknown>]));
  const now = new Map(result.rules.map((rule) => [rule.id, rule as unknown as Record<string, unknown>]));
  const lines: string[] = [];
  for (const change of result.changes) {
    if (change.action === 'create') lines.push(`+ ${change.name}  (new, v1)`);
    if (change.action === 'delete') lines.push(`- ${change.name}  (${change.id} v${change.from_version}, deleted)`);
    if (change.action === 'unchanged') lines.push(`  ${change.name}  (${change.id} v${change.from_version}, unchanged)`);
    if (change.action === 'update') {
      lines.push(`~ ${change.name}  (${change.id} v${change.from_version} -> v${change.to_version})`);
      for (const field of change.fields)
        lines.push(`    ${field}: ${show(old.get(change.id)?.[field])} -> ${show(now.get(change.id)?.[field])}`);
    }
  }
  return lines;
}

/** Runs a file command: a file problem exits 2 with the message, like the other offline commands. */
function fileAction<A extends unknown[]>(run: (...args: A) => Promise<number | void>) {
  return action(async (...args: A) => {
    try {
      return await run(...args);
    } catch (error) {
      if (!(error instanceof CaseFileError)) throw error;
      const command = args[args.length - 1] as Command;
      if (jsonOutput(command)) printJson({ error: 'usage', detail: error.message });
      else process.stderr.write(`actiongate: ${error.message}\n`);
      return EXIT.USAGE;
    }
  });
}

export function rulesAsCodeCommands(rules: Command): void {
  rules
    .command('export')
    .description('print the tool rules as a declarative YAML file (for `rules apply`)')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = await gateOf(command).toolRules.list();
        const document = { rules: list.map(declared) };
        if (jsonOutput(command)) printJson(document);
        else
          process.stdout.write(
            `# ActionGate tool rules: apply with \`actiongate rules apply FILE\`. Rules are matched by name.\n${stringify(document)}`,
          );
      }),
    );

  rules
    .command('apply <file>')
    .description('make the tool rules exactly those of FILE, in one transaction (changed rules get the next version)')
    .option('--dry-run', 'show the changes, apply nothing')
    .action(
      fileAction(async (file: string, options: { dryRun?: boolean }, command: Command) => {
        // Checked here first, so a typo is named with its place in the file; the server checks again.
        const { parseRules } = await import('../rule-file.ts');
        const declaredRules = parseRules(readYaml(file), file) as ToolRuleRequest[];
        const gate = gateOf(command);
        const before = await gate.toolRules.list();
        const result = await gate.toolRules.replace(declaredRules, { dryRun: options.dryRun });
        if (jsonOutput(command)) {
          printJson(result);
          return;
        }
        const { created, updated, deleted, unchanged } = result.summary;
        process.stdout.write(diffLines(result, before).join('\n') + (result.changes.length ? '\n' : ''));
        process.stdout.write(
          result.applied
            ? `applied: ${created} created, ${updated} updated, ${deleted} deleted, ${unchanged} unchanged\n`
            : `dry run: ${created} to create, ${updated} to update, ${deleted} to delete, ${unchanged} unchanged; nothing applied\n`,
        );
      }),
    );

  rules
    .command('test <cases>')
    .description('run table cases (call, agent state, expected verdict and stage) offline through the engine')
    .option('--rules <file>', 'rule file (as `rules export` writes it); default: the `rules:` of the case file')
    .action(
      fileAction(async (casesFile: string, options: { rules?: string }, command: Command) => {
        const { parseCases, parseRules, runCases } = await ruleCases();
        const document = readYaml(casesFile);
        const rulesDocument = options.rules !== undefined ? readYaml(options.rules) : document;
        const declaredRules = parseRules(rulesDocument, options.rules ?? casesFile);
        const cases = parseCases(document, casesFile);
        const mode = (document as Record<string, unknown>).mode;
        if (mode !== undefined && mode !== 'enforce' && mode !== 'shadow')
          throw new CaseFileError(`${casesFile}: mode must be one of: enforce, shadow (got \`${JSON.stringify(mode)}\`)`);
        const results = runCases(declaredRules, cases, mode ? { mode } : null, Date.now());
        const failed = results.filter((result) => !result.passed);
        if (jsonOutput(command)) printJson({ passed: results.length - failed.length, failed: failed.length, results });
        else {
          for (const result of results) {
            if (result.passed) process.stdout.write(`PASS  ${result.note}\n`);
            else process.stdout.write(`FAIL  ${result.note}: ${result.mismatches.join('; ')}\n      ${result.detail}\n`);
          }
          process.stdout.write(`${results.length - failed.length} passed, ${failed.length} failed\n`);
        }
        return failed.length > 0 ? EXIT.ERROR : EXIT.OK;
      }),
    );
}

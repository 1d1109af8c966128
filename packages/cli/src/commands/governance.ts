// `actiongate policies list|show|create|evaluate` and `actiongate plans commit|authorize|show|list`
// (issue 21): governance policies and committed plans from a shell, over the SDK. Bodies come from
// YAML or JSON files written as the spec's shapes (`GovernancePolicyCreate`, `CommitPlanRequest`).
import type { Command } from 'commander';
import { action, gateOf, jsonOutput, UsageError } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';
import { readYaml } from './rules-as-code.ts';

/** A file that must hold one mapping (the request body). */
function bodyFile(path: string): Record<string, unknown> {
  const body = readYaml(path);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UsageError(`\`${path}\` must hold one mapping`);
  return body as Record<string, unknown>;
}

/** A JSON option (e.g. `--args '{"amount": 5}'`), or a usage error naming it. */
function jsonOption(flag: string, text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  throw new UsageError(`${flag} must be a JSON object, got \`${text}\``);
}

const show = (command: Command, value: object) => (jsonOutput(command) ? printJson(value) : printRecord(value));

export function policiesCommand(program: Command): void {
  const policies = program.command('policies').description('governance policies (separation of duties, limits, exceptions)');

  policies
    .command('list')
    .description('list the governance policies')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = (await gateOf(command).governance.policies.list()) as { policies: Record<string, unknown>[] };
        if (jsonOutput(command)) printJson(list);
        else printTable(list.policies, ['policy_id', 'name', 'version', 'status', 'priority', 'parent_policy_id']);
      }),
    );

  policies
    .command('show <policy_id>')
    .description('one policy, its constraints and exceptions')
    .action(
      action(async (id: string, _options: unknown, command: Command) => show(command, await gateOf(command).governance.policies.get(id))),
    );

  policies
    .command('create')
    .description('create a policy from a YAML or JSON file (GovernancePolicyCreate)')
    .requiredOption('--file <path>', 'the policy: name, scope, constraints, exceptions, priority, ...')
    .action(
      action(async (options: { file: string }, command: Command) => {
        const created = (await gateOf(command).governance.policies.create(bodyFile(options.file))) as Record<string, unknown>;
        if (jsonOutput(command)) printJson(created);
        else process.stdout.write(`${created.policy_id} ${created.name} v${created.version} ${created.status}\n`);
      }),
    );

  policies
    .command('evaluate')
    .description('the verdict and deciding policies for an action; nothing recorded (GovernanceEvaluateRequest)')
    .requiredOption('--action <action>', 'the tool path, e.g. /tools/transfer_funds')
    .option('--agent <agent_id>', 'the agent')
    .option('--resource <resource>', 'the resource')
    .option('--args <json>', "the call's arguments, e.g. '{\"amount\": 5000}'")
    .action(
      action(async (options: { action: string; agent?: string; resource?: string; args?: string }, command: Command) => {
        const result = (await gateOf(command).governance.policies.evaluate({
          action: options.action,
          ...(options.agent ? { agent_id: options.agent } : {}),
          ...(options.resource ? { resource: options.resource } : {}),
          ...(options.args ? { scope: jsonOption('--args', options.args) } : {}),
        })) as Record<string, unknown>;
        if (jsonOutput(command)) printJson(result);
        else process.stdout.write(`${result.verdict}: ${result.detail}\n`);
      }),
    );
}

export function plansCommand(program: Command): void {
  const plans = program.command('plans').description('committed plans: scored, authorized by another key, then used step by step');

  plans
    .command('commit')
    .description('commit a plan from a YAML or JSON file (CommitPlanRequest; `tenant` defaults to the key’s)')
    .requiredOption('--file <path>', 'agent_id, goal, steps, max_cumulative_risk_budget, authorized_authority_ceiling')
    .action(
      action(async (options: { file: string }, command: Command) => {
        const gate = gateOf(command);
        const body = bodyFile(options.file);
        if (body.tenant === undefined) body.tenant = (await gate.governance.me()).tenant_id;
        const plan = await gate.governance.plans.commit(body);
        if (jsonOutput(command)) printJson(plan);
        else process.stdout.write(`${plan.plan_id} ${plan.status} (cumulative risk ${String(plan.cumulative_risk)})\n`);
      }),
    );

  plans
    .command('authorize <plan_id>')
    .description('authorize a plan (AuthorizePlanRequest), with a key other than the one that committed it')
    .option('--by <name>', 'who authorizes, in words')
    .option('--comments <text>', 'why')
    .action(
      action(async (id: string, options: { by?: string; comments?: string }, command: Command) => {
        const plan = await gateOf(command).governance.plans.authorize(id, {
          ...(options.by ? { authorized_by: options.by } : {}),
          ...(options.comments ? { comments: options.comments } : {}),
        });
        if (jsonOutput(command)) printJson(plan);
        else process.stdout.write(`${id} ${plan.status} until ${String(plan.expires_at)}\n`);
      }),
    );

  plans
    .command('show <plan_id>')
    .description('one plan: status, steps used, the next step')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const plan = await gateOf(command).governance.plans.get(id);
        if (jsonOutput(command)) return printJson(plan);
        const { steps, ...rest } = plan as unknown as Record<string, unknown> & { steps: Record<string, unknown>[] };
        printRecord(rest);
        process.stdout.write('\n');
        printTable(
          steps.map((step, position) => ({ ...step, used: position < plan.steps_used ? 'yes' : 'no' })),
          ['index', 'action', 'target', 'value', 'risk_class', 'used'],
        );
      }),
    );

  plans
    .command('list')
    .description('list plans, newest first')
    .option('--status <status>', 'pending_authorization, authorized or completed')
    .option('--agent <agent_id>', 'only this agent')
    .action(
      action(async (options: { status?: string; agent?: string }, command: Command) => {
        const list = await gateOf(command).governance.plans.list({ status: options.status, agent_id: options.agent });
        if (jsonOutput(command)) printJson({ plans: list });
        else printTable(list, ['plan_id', 'agent_id', 'status', 'steps_used', 'next_step_index', 'goal', 'expires_at']);
      }),
    );
}

// `actiongate budgets list|show|create|reserve|commit|release`, `actiongate controls show|set` and
// `actiongate dry-run` (issue 19): budgets in integer cents, agent controls, and what a proposed
// enforcement would change, over the SDK.
import type { Command } from 'commander';
import { action, gateOf, jsonOutput, UsageError } from '../context.ts';
import { printJson, printRecord, printTable } from '../output.ts';

/** A whole number of cents from an option, or a usage error naming it. */
function cents(flag: string, text: string | undefined, min = 1): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new UsageError(`${flag} must be a whole number of cents >= ${min}, got \`${text}\``);
  return value;
}

/** "1,234 / 5,000 ¢ (24.7 %) ▇▇▁▁▁▁▁▁▁▁": the spend bar of the console, in text. */
function bar(budget: { spent_cents: number; reserved_cents: number; limit_cents: number; used_pct: number }): string {
  const filled = Math.min(10, Math.round(budget.used_pct / 10));
  return `${'▇'.repeat(filled)}${'▁'.repeat(10 - filled)} ${budget.used_pct}%`;
}

export function budgetsCommand(program: Command): void {
  const budgets = program.command('budgets').description('budgets in integer cents, and their reservations');

  budgets
    .command('list')
    .description('list budgets with their spend this period')
    .action(
      action(async (_options: unknown, command: Command) => {
        const list = await gateOf(command).budgets.list();
        if (jsonOutput(command)) printJson({ budgets: list });
        else
          printTable(
            list.map((b) => ({ ...b, used: bar(b) })),
            ['id', 'name', 'scope', 'scope_id', 'period', 'limit_cents', 'spent_cents', 'reserved_cents', 'used', 'alert_level'],
          );
      }),
    );

  budgets
    .command('show <budget_id>')
    .description('one budget')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const budget = await gateOf(command).budgets.get(id);
        if (jsonOutput(command)) printJson(budget);
        else printRecord(budget);
      }),
    );

  budgets
    .command('create')
    .description('create a budget (CreateBudgetRequest)')
    .requiredOption('--name <name>', 'name of the budget')
    .requiredOption('--limit-cents <cents>', 'the limit in whole cents')
    .option('--scope <scope>', 'tenant | agent | key | tool', 'tenant')
    .option('--scope-id <id>', 'agent id, key id or tool name')
    .option('--parent <budget_id>', 'nest in this budget')
    .option('--period <period>', 'daily | weekly | monthly | total', 'monthly')
    .option('--soft', 'a soft limit: passing it raises an alert, holds nothing')
    .option('--block', 'block decisions past the hard limit instead of holding them for approval')
    .option('--alert-pct <pct>', 'alert threshold, percent of the limit')
    .option('--soft-limit-pct <pct>', 'soft-limit alert, percent of the limit')
    .action(
      action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
        const pct = (flag: string, text: unknown) => {
          if (text === undefined) return undefined;
          const value = Number(text);
          if (!(value >= 0 && value <= 100)) throw new UsageError(`${flag} must be 0..100, got \`${String(text)}\``);
          return value;
        };
        const budget = await gateOf(command).budgets.create({
          name: String(options.name),
          limit_cents: cents('--limit-cents', options.limitCents as string)!,
          scope: options.scope as 'tenant' | 'agent' | 'key' | 'tool',
          scope_id: (options.scopeId as string | undefined) ?? null,
          parent_id: (options.parent as string | undefined) ?? null,
          period: options.period as 'daily' | 'weekly' | 'monthly' | 'total',
          hard_limit: !options.soft,
          on_exceed: options.block ? 'block' : 'hold',
          alert_threshold_pct: pct('--alert-pct', options.alertPct),
          soft_limit_pct: pct('--soft-limit-pct', options.softLimitPct),
        });
        if (jsonOutput(command)) printJson(budget);
        else printRecord(budget);
      }),
    );

  budgets
    .command('reserve <budget_id>')
    .description('hold an amount against the budget and its parents (exit 1 past a hard limit)')
    .requiredOption('--cents <cents>', 'amount to hold')
    .option('--ttl <seconds>', 'free the amount after this long unless committed', '900')
    .action(
      action(async (id: string, options: { cents: string; ttl: string }, command: Command) => {
        const ttl = Number(options.ttl);
        if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86400)
          throw new UsageError(`--ttl must be 1..86400 seconds, got \`${options.ttl}\``);
        const reservation = await gateOf(command).budgets.reserve(id, { amount_cents: cents('--cents', options.cents)!, ttl_seconds: ttl });
        if (jsonOutput(command)) printJson(reservation);
        else printRecord(reservation);
      }),
    );

  budgets
    .command('commit <budget_id> <reservation_id>')
    .description('book what was spent (the amount held unless --actual-cents)')
    .option('--actual-cents <cents>', 'what was actually spent')
    .action(
      action(async (id: string, reservationId: string, options: { actualCents?: string }, command: Command) => {
        const reservation = await gateOf(command).budgets.commit(id, reservationId, {
          actual_cost_cents: cents('--actual-cents', options.actualCents, 0) ?? null,
        });
        if (jsonOutput(command)) printJson(reservation);
        else process.stdout.write(`${reservation.reservation_id} committed: ${reservation.committed_cents} cents\n`);
      }),
    );

  budgets
    .command('release <budget_id> <reservation_id>')
    .description('free a reservation')
    .action(
      action(async (id: string, reservationId: string, _options: unknown, command: Command) => {
        const reservation = await gateOf(command).budgets.release(id, reservationId);
        if (jsonOutput(command)) printJson(reservation);
        else process.stdout.write(`${reservation.reservation_id} released\n`);
      }),
    );

  const controls = program.command('controls').description('an agent’s actions per hour and actions at once');
  controls.command('show <agent_id>').action(
    action(async (agentId: string, _options: unknown, command: Command) => {
      const shown = await gateOf(command).agentControls.get(agentId);
      if (jsonOutput(command)) printJson(shown);
      else printRecord(shown);
    }),
  );
  controls
    .command('set <agent_id>')
    .description('set both controls (a control left out is no limit)')
    .option('--per-hour <n>', 'max actions in any sliding hour')
    .option('--concurrent <n>', 'max actions running at once')
    .action(
      action(async (agentId: string, options: { perHour?: string; concurrent?: string }, command: Command) => {
        const shown = await gateOf(command).agentControls.set(agentId, {
          max_actions_per_hour: cents('--per-hour', options.perHour) ?? null,
          max_concurrent_actions: cents('--concurrent', options.concurrent) ?? null,
        });
        if (jsonOutput(command)) printJson(shown);
        else printRecord(shown);
      }),
    );

  program
    .command('dry-run')
    .description('replay recent decisions under the current or a proposed enforcement; records nothing')
    .option('--limit <n>', 'recent decisions to replay', '200')
    .option('--shadow', 'simulate shadow mode (nothing enforces)')
    .option('--enforce <stages>', 'comma-separated stages enforcing in the simulation')
    .action(
      action(async (options: { limit: string; shadow?: boolean; enforce?: string }, command: Command) => {
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new UsageError(`--limit must be 1..1000, got \`${options.limit}\``);
        const result = await gateOf(command).evaluation.dryRun({
          limit,
          ...(options.shadow ? { fabric_enforce: false } : {}),
          ...(options.enforce ? { enforce_stages: options.enforce.split(',') as Array<'identity' | 'trust' | 'policy' | 'approval'> } : {}),
        });
        if (jsonOutput(command)) printJson(result);
        else {
          printTable(
            result.decisions.filter((d) => d.changed),
            ['decision_id', 'path', 'agent_id', 'old_verdict', 'new_verdict', 'deciding_stage'],
          );
          const t = result.totals;
          process.stdout.write(
            `${t.replayed} replayed, ${t.changed} would change (${t.newly_blocked} newly stopped, ${t.newly_allowed} newly run)\n`,
          );
        }
      }),
    );
}

// How the CLI prints: JSON with `--json`, readable tables and summaries otherwise.
import type { Decision } from '@actiongate/sdk';

/** Prints a value as indented JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/\s+/g, ' ');
}

/** Prints rows as a left-aligned table with a header; long cells are cut at `maxWidth`. */
export function printTable<T extends object>(items: T[], columns: string[], maxWidth = 60): void {
  const rows = items as unknown as Record<string, unknown>[];
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const cut = (text: string) => (text.length > maxWidth ? text.slice(0, maxWidth - 1) + '…' : text);
  const body = rows.map((row) => columns.map((column) => cut(cell(row[column]))));
  const widths = columns.map((column, i) => Math.max(column.length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((text, i) => text.padEnd(widths[i]))
      .join('  ')
      .trimEnd() + '\n';
  process.stdout.write(line(columns.map((column) => column.toUpperCase())) + body.map(line).join(''));
}

/** Prints an object as `key: value` lines. */
export function printRecord(value: object): void {
  const record = value as Record<string, unknown>;
  const width = Math.max(...Object.keys(record).map((key) => key.length));
  for (const [key, value] of Object.entries(record)) process.stdout.write(`${key.padEnd(width)}  ${cell(value)}\n`);
}

/** A decision in a few lines: verdict, ids, detail and one line per stage. */
export function formatDecision(decision: Decision): string {
  const lines = [
    `${decision.verdict}${decision.blocked ? ' (blocked)' : ''}  ${decision.path}  agent ${decision.agent_id}`,
    `decision ${decision.decision_id}${decision.approval_id ? `  approval ${decision.approval_id}` : ''}  risk ${decision.risk}`,
    decision.detail,
  ];
  for (const stage of decision.stages ?? []) lines.push(`  ${stage.stage.padEnd(9)} ${stage.verdict.padEnd(16)} ${stage.detail}`);
  return lines.join('\n') + '\n';
}

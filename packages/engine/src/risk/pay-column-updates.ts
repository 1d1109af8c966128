// SQL that changes what people are paid or may spend: an UPDATE of a salary, payroll, wage, bonus,
// credit-limit or balance column by an amount at or above the critical threshold
// (`SET annual_amount = annual_amount + 40000` on `payroll.salaries`) moves that much money as surely as
// a transfer. Updates of other columns, and small amounts, match nothing.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

const SQL_KEYS = new Set(['sql', 'query', 'statement', 'statements', 'stmt', 'sql_query', 'raw_sql', 'command', 'script']);
const UPDATE = /\bUPDATE\s+([\w."`[\]]+)\s+SET\s+([\s\S]{1,600}?)(?=\bWHERE\b|\bFROM\b|;|$)/gi;
const PAY_WORDS = /salar|payroll|wage|compensation|pay_?rate|bonus|credit_?limit|spend(?:ing)?_?limit|balance/i;

export function assessPayColumnUpdates(fields: PayloadFields, threshold: number, findings: Findings): void {
  for (const field of fields.strings) {
    if (!SQL_KEYS.has(field.key) || field.text.length > 65536 || !/update/i.test(field.text)) continue;
    for (const match of field.text.matchAll(UPDATE)) {
      for (const assignment of match[2].split(',')) {
        const [column, value] = assignment.split('=', 2);
        if (value === undefined || !(PAY_WORDS.test(match[1]) || PAY_WORDS.test(column))) continue;
        if (!PAY_WORDS.test(column) && !/amount|rate|pay|sum|total/i.test(column)) continue;
        const largest = Math.max(0, ...[...value.matchAll(/\b\d+(?:\.\d+)?\b/g)].map((number) => Number(number[0])));
        if (largest < threshold) continue;
        findings.add('critical', `money: \`${match[1]}\` sets \`${column.trim()}\` by ${largest}, at or above ${threshold}`);
        return;
      }
    }
  }
}

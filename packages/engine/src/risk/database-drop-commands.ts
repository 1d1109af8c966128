// Client programs that drop a whole database in one word: PostgreSQL's `dropdb orders`, MySQL's
// `mysqladmin drop orders`, `influx bucket delete`, `createdb`'s opposite. They are `DROP DATABASE`
// typed as a command, and as critical; asking only for help or the version is not.

import type { RuleContext } from './shell-rule-context.ts';

/** Adds a critical finding when the command drops a whole database. */
export function databaseDropRule(c: RuleContext): void {
  const words = c.args.map((word) => word.text);
  if (words.some((word) => /^--?(?:help|version|V|\?)$/.test(word))) return;
  const operands = words.filter((word) => !word.startsWith('-'));
  if (c.name === 'dropdb' && operands.length > 0) c.scan.add('critical', `shell: drops a whole database (dropdb ${operands.at(-1)})`);
  else if (c.name === 'mysqladmin' && words.some((word) => /^drop$/i.test(word)))
    c.scan.add('critical', 'shell: drops a whole database (mysqladmin drop)');
  else if ((c.name === 'influx' || c.name === 'influxdb') && words[0] === 'bucket' && words[1] === 'delete')
    c.scan.add('critical', 'shell: deletes a whole InfluxDB bucket');
}

// The risk a tool's name implies. The last segment of the tool path is split into words
// (snake_case, kebab-case, camelCase, dots) and each word that is a known verb maps to a class:
// reads are low, writes and messages medium, shells, payments and deletions high. The highest
// verb wins; a name with no known verb is medium, since low is only for what is known to read.
// The name also tells which payload analyses apply (shell, SQL, payment, file).

import { memoize } from './memo.ts';
import type { RiskClass } from './risk-class.ts';

/** What a tool's name says. */
export interface ToolNameRisk {
  /** The last path segment. */
  name: string;
  words: string[];
  class: RiskClass;
  reason: string;
  /** The tool runs shell commands. */
  shell: boolean;
  /** The tool runs SQL. */
  sql: boolean;
  /** The tool moves money. */
  payment: boolean;
  /** The tool writes files (a path argument is a write target). */
  fileWrite: boolean;
  /** The tool deletes (a path argument is a delete target). */
  fileDelete: boolean;
  /** The tool searches (the web, documents): its `query` is words to look for, never a statement it runs. */
  search: boolean;
}

/** Search verbs and engines; a path that also names a database or a shell is not a search tool. */
const SEARCH_WORDS = new Set([
  'search',
  'websearch',
  'google',
  'bing',
  'duckduckgo',
  'ddg',
  'serp',
  'serpapi',
  'tavily',
  'brave',
  'perplexity',
  'exa',
]);

/** Products of search engines' vendors that do not search (mail, files, admin): a path naming one is no search tool. */
const VENDOR_PRODUCTS = new Set([
  'gmail',
  'drive',
  'directory',
  'admin',
  'calendar',
  'docs',
  'sheets',
  'workspace',
  'vault',
  'groups',
  'chat',
  'ads',
  'iam',
]);

const LOW = new Set([
  'read',
  // reads in German, Spanish, French, Italian, Dutch, Portuguese
  'lesen',
  'leer',
  'lire',
  'leggere',
  'lezen',
  'ler',
  'get',
  'list',
  'search',
  'fetch',
  'query',
  'view',
  'find',
  'lookup',
  'show',
  'describe',
  'retrieve',
  'browse',
  'count',
  'inspect',
  'stat',
  'status',
  'ls',
  'cat',
  'head',
  'tail',
  'grep',
  'check',
  'preview',
  'lint',
  'diff',
  'explain',
  'summarize',
  'summarise',
  'translate',
  'validate',
  'ping',
  'echo',
  'whoami',
  'info',
  'load',
  'watch',
  'poll',
  'peek',
  'select',
  'download',
  'analyze',
  'analyse',
  'calculate',
  'calculator',
  'calc',
  'compute',
  'resolve',
  'parse',
  'render',
  'format',
  'estimate',
  'quote',
  'test',
  'verify',
  'exists',
  'scan',
  'navigate',
  'screenshot',
  'think',
]);
const MEDIUM = new Set([
  'write',
  'create',
  'update',
  'send',
  'email',
  'mail',
  'post',
  'edit',
  'upload',
  'put',
  'patch',
  'set',
  'add',
  'insert',
  'modify',
  'save',
  'append',
  'comment',
  'reply',
  'publish',
  'notify',
  'message',
  'schedule',
  'rename',
  'move',
  'copy',
  'tag',
  'label',
  'assign',
  'invite',
  'book',
  'upsert',
  'replace',
  'merge',
  'commit',
  'push',
  'submit',
  'share',
  'sms',
  'export',
  'open',
  'tweet',
  'reserve',
  'order',
  'enable',
  'disable',
  'start',
  'stop',
  'restart',
  'close',
  'approve',
  'reject',
  'import',
  'sync',
  'store',
  'record',
  'log',
  'register',
  'subscribe',
  'unsubscribe',
  'archive',
  'restore',
  'fill',
  'click',
  'type',
  'press',
  'install',
  'configure',
  'config',
  'change',
  'grant',
  'mkdir',
  'touch',
  'generate',
  'make',
]);
const HIGH = new Set([
  'shell',
  'exec',
  'execute',
  'run',
  'bash',
  'sh',
  'zsh',
  'terminal',
  'cmd',
  'powershell',
  'console',
  'spawn',
  'eval',
  'payment',
  'pay',
  'transfer',
  'wire',
  'payout',
  'refund',
  'charge',
  'withdraw',
  'remit',
  'disburse',
  'purchase',
  'buy',
  'delete',
  'remove',
  'rm',
  'drop',
  'destroy',
  'kill',
  'purge',
  'wipe',
  'erase',
  'truncate',
  'terminate',
  'revoke',
  'sudo',
  'deploy',
  'rollback',
  'reset',
  'uninstall',
  'unlink',
  'rmdir',
  'shutdown',
  'reboot',
  'ssh',
  'sql',
  'script',
]);
/** Words that make a tool a shell. */
const SHELL_WORDS = new Set([
  'shell',
  'bash',
  'sh',
  'zsh',
  'terminal',
  'cmd',
  'command',
  'commands',
  'powershell',
  'pwsh',
  'console',
  'subprocess',
  'ssh',
  'sudo',
  'cli',
]);
/** Generic execution verbs: a shell tool unless the name says it runs SQL. */
const EXEC_WORDS = new Set(['exec', 'execute', 'run', 'spawn', 'eval']);
/** Words that make a tool a SQL runner. */
const SQL_WORDS = new Set([
  'sql',
  'query',
  'db',
  'database',
  'postgres',
  'postgresql',
  'psql',
  'mysql',
  'sqlite',
  'mssql',
  'oracle',
  'snowflake',
  'bigquery',
  'redshift',
  'clickhouse',
  'duckdb',
  'supabase',
  'neon',
  'statement',
  'tsql',
  'plsql',
  'pg',
  'cql',
  'cassandra',
  'scylla',
  'cockroach',
  'cockroachdb',
  'mariadb',
  'trino',
  'presto',
  'athena',
  'hive',
  'spanner',
  'tidb',
]);
const PAYMENT_WORDS = new Set([
  'payment',
  'payments',
  'pay',
  'transfer',
  'wire',
  'payout',
  'payouts',
  'refund',
  'charge',
  'withdraw',
  'withdrawal',
  'remit',
  'remittance',
  'disburse',
  'money',
  'funds',
  'fund',
  'invoice',
  'purchase',
  'buy',
  'stripe',
  'paypal',
  'ach',
  'sepa',
  'swift',
  'iban',
  'crypto',
  'wallet',
  'bank',
  'swap',
  'trade',
  'banking',
  'treasury',
  'tip',
  'donate',
  'checkout',
  'settle',
  'settlement',
  'ledger',
  // The same in other languages and rails (`/tools/virement`, `/tools/pix/send`, `/tools/payroll/run`).
  'payroll',
  'transferencia',
  'transferencias',
  'virement',
  'ueberweisung',
  'bonifico',
  'pagamento',
  'pago',
  'paiement',
  'zahlung',
  'perevod',
  'furikomi',
  'pix',
  'upi',
  'p2p',
  'zelle',
  'venmo',
]);
const FILE_WORDS = new Set([
  'file',
  'files',
  'fs',
  'filesystem',
  'path',
  'dir',
  'directory',
  'folder',
  'text_editor',
  'editor',
  'str_replace',
  'disk',
]);
const WRITE_VERBS = new Set([
  'write',
  'create',
  'edit',
  'append',
  'save',
  'put',
  'update',
  'modify',
  'replace',
  'patch',
  'copy',
  'move',
  'rename',
  'upload',
  'str',
  'insert',
  'touch',
  'mkdir',
]);
const DELETE_VERBS = new Set(['delete', 'remove', 'rm', 'unlink', 'rmdir', 'purge', 'wipe', 'erase', 'destroy', 'truncate']);

/** Splits a tool name into lower-case words: `createIssue`, `create-issue`, `create_issue` all give create, issue. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words of each segment of a tool path after `/tools` (`/tools/github/delete_repo` -> [[github], [delete, repo]]). */
export function pathSegmentWords(path: string): string[][] {
  return path
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean)
    .slice(1)
    .map(splitWords);
}

/** The last non-empty segment of a tool path. */
export function lastSegment(path: string): string {
  const clean = path.replace(/[?#].*$/, '');
  const parts = clean.split('/').filter(Boolean);
  return parts.length === 0 ? clean : parts[parts.length - 1];
}

/** The risk the tool's name implies (memoised per path). */
export const toolNameRisk = memoize(toolNameRiskUncached, 1024, 512);

function toolNameRiskUncached(path: string): ToolNameRisk {
  const name = lastSegment(path);
  const words = splitWords(name);
  const allWords = splitWords(path);
  let cls: RiskClass | undefined;
  let verb = '';
  const rank = { low: 0, medium: 1, high: 2, critical: 3 } as const;
  for (const word of words) {
    const singular = word.endsWith('s') && !word.endsWith('ss') && word.length > 3 ? word.slice(0, -1) : word;
    const found: RiskClass | undefined = HIGH.has(word)
      ? 'high'
      : MEDIUM.has(word)
        ? 'medium'
        : LOW.has(word)
          ? 'low'
          : MEDIUM.has(singular)
            ? 'medium'
            : LOW.has(singular)
              ? 'low'
              : undefined;
    if (found === undefined) continue;
    // A high word after a read verb names what is read (`list_payments`, `get_payment_status`)
    // only when it is a noun; verbs like delete or run still count.
    if (
      cls === 'low' &&
      found === 'high' &&
      PAYMENT_WORDS.has(word) &&
      !['pay', 'transfer', 'wire', 'refund', 'charge', 'withdraw', 'remit', 'disburse', 'purchase', 'buy'].includes(word)
    )
      continue;
    if (cls === undefined || rank[found] > rank[cls]) {
      cls = found;
      verb = word;
    }
  }
  const sql = allWords.some((word) => SQL_WORDS.has(word));
  const shell = words.some((word) => SHELL_WORDS.has(word)) || (!sql && words.some((word) => EXEC_WORDS.has(word)));
  // A payment word anywhere in the path (`/tools/payouts/create_batch`) makes a money tool,
  // unless the verb only reads (`list_payments`, `get_payment`).
  const paymentVerb = words.some((word) =>
    ['pay', 'transfer', 'wire', 'refund', 'charge', 'withdraw', 'payout', 'remit', 'disburse'].includes(word),
  );
  const payment = allWords.some((word) => PAYMENT_WORDS.has(word)) && (cls !== 'low' || paymentVerb);
  // Text-editor tools (`str_replace_editor`, `text_editor`) write files whatever their verb.
  const editor = words.includes('editor') || (words.includes('str') && words.includes('replace'));
  const file = allWords.some((word) => FILE_WORDS.has(word)) || name.toLowerCase().includes('file') || editor;
  const fileWrite = file && (editor || words.some((word) => WRITE_VERBS.has(word)));
  const fileDelete = words.some((word) => DELETE_VERBS.has(word));
  // `/tools/google/search` searches; `/tools/google/gmail` and `/tools/google/directory` are other products of the same vendor.
  const search =
    !sql &&
    !shell &&
    (words.some((word) => SEARCH_WORDS.has(word)) ||
      (allWords.some((word) => SEARCH_WORDS.has(word)) && !allWords.some((word) => VENDOR_PRODUCTS.has(word))));
  return {
    name,
    words,
    class: cls ?? 'medium',
    reason: cls === undefined ? `tool name \`${name}\`: unrecognised tool verb -> medium` : `tool name \`${name}\`: verb ${verb} -> ${cls}`,
    shell,
    sql,
    payment,
    fileWrite,
    fileDelete,
    search,
  };
}

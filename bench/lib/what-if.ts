// Preload for "what if" runs of the real server (`--import ./bench/lib/what-if.ts`, WHAT_IF=a,b):
// measures the effect of a proposed fix before anyone writes it. Never part of a reported result.
//   approvals-index: pins the per-decision approval lookup to the approvals_by_call index.
//   sync-normal:     synchronous=NORMAL instead of FULL — NOT durable; only bounds what fsync costs.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../packages/server/package.json', import.meta.url));
const Database = require('better-sqlite3');
const wanted = new Set((process.env.WHAT_IF ?? '').split(',').filter(Boolean));

if (wanted.has('approvals-index')) {
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function pinned(this: unknown, sql: string, ...rest: unknown[]) {
    const rewritten = /FROM approvals WHERE tenant_id = \? AND agent_id = \? AND path = \? AND payload_hash = \?/.test(sql)
      ? sql.replace('FROM approvals WHERE', 'FROM approvals INDEXED BY approvals_by_call WHERE')
      : sql;
    return prepare.call(this, rewritten, ...rest);
  };
}
if (wanted.has('sync-normal')) {
  const pragma = Database.prototype.pragma;
  Database.prototype.pragma = function relaxed(this: unknown, source: string, ...rest: unknown[]) {
    return pragma.call(this, /^synchronous\s*=\s*FULL$/i.test(source.trim()) ? 'synchronous = NORMAL' : source, ...rest);
  };
}

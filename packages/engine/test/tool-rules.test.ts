import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchingRules, pathMatches, type ToolRule } from '../src/index.ts';

const paths = [
  { note: 'exact match', pattern: '/tools/shell', path: '/tools/shell', match: true },
  { note: 'exact pattern does not cover children', pattern: '/tools/shell', path: '/tools/shell/x', match: false },
  { note: 'exact pattern is not a prefix match', pattern: '/tools/sh', path: '/tools/shell', match: false },
  { note: 'subtree covers a child', pattern: '/tools/', path: '/tools/shell', match: true },
  { note: 'subtree covers a grandchild', pattern: '/tools/mcp/', path: '/tools/mcp/github/create_issue', match: true },
  { note: 'subtree does not cover its own root', pattern: '/tools/mcp/', path: '/tools/mcp', match: false },
  { note: 'subtree is by segment, not by prefix', pattern: '/tools/mc/', path: '/tools/mcp/x', match: false },
  { note: 'star is one segment', pattern: '/tools/mcp/*/delete_repo', path: '/tools/mcp/github/delete_repo', match: true },
  { note: 'star is not two segments', pattern: '/tools/mcp/*/delete_repo', path: '/tools/mcp/a/b/delete_repo', match: false },
  { note: 'star needs a non-empty segment', pattern: '/tools/*', path: '/tools/', match: false },
  { note: 'star at the end', pattern: '/tools/*', path: '/tools/send_email', match: true },
  { note: 'star with subtree', pattern: '/tools/*/', path: '/tools/mcp/a/b', match: true },
];

for (const row of paths) {
  test(`path match: ${row.note}`, () => assert.equal(pathMatches(row.pattern, row.path), row.match));
}

const rule = (id: string, effect: ToolRule['effect'], match_path: string, enabled = true): ToolRule => ({
  id,
  version: 1,
  name: id,
  effect,
  match_path,
  enabled,
});

const precedence = [
  { note: 'deny beats allow', rules: [rule('a', 'allow', '/tools/x'), rule('d', 'deny', '/tools/')], first: 'd' },
  { note: 'deny beats require_approval', rules: [rule('r', 'require_approval', '/tools/x'), rule('d', 'deny', '/tools/*')], first: 'd' },
  { note: 'require_approval beats allow', rules: [rule('a', 'allow', '/tools/x'), rule('r', 'require_approval', '/tools/')], first: 'r' },
  { note: 'a disabled deny does not count', rules: [rule('d', 'deny', '/tools/x', false), rule('a', 'allow', '/tools/x')], first: 'a' },
  { note: 'a rule for another path does not count', rules: [rule('d', 'deny', '/tools/y'), rule('a', 'allow', '/tools/x')], first: 'a' },
  { note: 'nothing matches', rules: [rule('d', 'deny', '/tools/y')], first: undefined },
];

for (const row of precedence) {
  test(`rule precedence: ${row.note}`, () => assert.equal(matchingRules(row.rules, '/tools/x')[0]?.id, row.first));
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conditionProblem, describeMatch, globMatches, matchingRules, pathMatches, type ToolRule } from '../src/index.ts';

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
  test(`rule precedence: ${row.note}`, () => assert.equal(matchingRules(row.rules, '/tools/x')[0]?.rule.id, row.first));
}

const normalised = [
  { note: 'doubled slashes', path: '/tools//shell', match: true },
  { note: 'a trailing slash', path: '/tools/shell/', match: true },
  { note: 'a dot segment', path: '/tools/./shell', match: true },
  { note: 'a parent segment', path: '/tools/x/../shell', match: true },
  { note: 'upper case', path: '/Tools/SHELL', match: true },
  { note: 'percent-encoding', path: '/tools/%73hell', match: true },
  { note: 'double percent-encoding', path: '/tools/%2573hell', match: true },
  { note: 'backslashes', path: '\\tools\\shell', match: true },
  { note: 'a different tool', path: '/tools/shellx', match: false },
];

for (const row of normalised) {
  test(`a deny rule for /tools/shell is not bypassed by ${row.note}`, () => {
    const matches = matchingRules([rule('d', 'deny', '/tools/shell')], row.path);
    assert.equal(matches.length > 0, row.match);
  });
}

const conditionRule = (effect: ToolRule['effect'], match_args: ToolRule['match_args'], extra: Partial<ToolRule> = {}): ToolRule => ({
  ...rule('c', effect, '/tools/'),
  match_args,
  ...extra,
});

const conditions: {
  note: string;
  rule: ToolRule;
  payload: unknown;
  agent?: string;
  risk?: 'low' | 'high';
  match: boolean;
  because?: RegExp;
}[] = [
  {
    note: 'suffix negated: an outside recipient',
    rule: conditionRule('deny', [{ field: 'to', op: 'suffix', value: '@ourcompany.com', negate: true }]),
    payload: { to: 'x@evil.com' },
    match: true,
    because: /`to` not suffix "@ourcompany.com" \(got "x@evil.com"\)/,
  },
  {
    note: 'suffix negated: an inside recipient',
    rule: conditionRule('deny', [{ field: 'to', op: 'suffix', value: '@ourcompany.com', negate: true }]),
    payload: { to: 'cfo@ourcompany.com' },
    match: false,
  },
  {
    note: 'any element of an array',
    rule: conditionRule('deny', [{ field: 'to[*]', op: 'suffix', value: '@ourcompany.com', negate: true }]),
    payload: { to: ['a@ourcompany.com', 'b@evil.com'] },
    match: true,
  },
  {
    note: 'all elements inside',
    rule: conditionRule('deny', [{ field: 'to[*]', op: 'suffix', value: '@ourcompany.com', negate: true }]),
    payload: { to: ['a@ourcompany.com'] },
    match: false,
  },
  {
    note: 'amount gt 500 (number)',
    rule: conditionRule('require_approval', [{ field: 'amount', op: 'gt', value: 500 }]),
    payload: { amount: 501 },
    match: true,
  },
  {
    note: 'amount gt 500 (string with separators)',
    rule: conditionRule('require_approval', [{ field: 'amount', op: 'gt', value: 500 }]),
    payload: { amount: '1,200.50' },
    match: true,
  },
  {
    note: 'amount gt 500, not above',
    rule: conditionRule('require_approval', [{ field: 'amount', op: 'gt', value: 500 }]),
    payload: { amount: 500 },
    match: false,
  },
  {
    note: 'a missing field does not satisfy gt',
    rule: conditionRule('require_approval', [{ field: 'amount', op: 'gt', value: 500 }]),
    payload: {},
    match: false,
  },
  {
    note: 'nested path',
    rule: conditionRule('deny', [{ field: 'options.force', op: 'eq', value: true }]),
    payload: { options: { force: true } },
    match: true,
  },
  {
    note: 'indexed path',
    rule: conditionRule('deny', [{ field: 'argv[0]', op: 'in', value: ['rm', 'dd'] }]),
    payload: { argv: ['rm', '-rf'] },
    match: true,
  },
  {
    note: 'not_in',
    rule: conditionRule('deny', [{ field: 'region', op: 'not_in', value: ['eu-west-1'] }]),
    payload: { region: 'us-east-1' },
    match: true,
  },
  {
    note: 'contains on a string',
    rule: conditionRule('deny', [{ field: 'query', op: 'contains', value: 'DROP' }]),
    payload: { query: 'x DROP y' },
    match: true,
  },
  {
    note: 'contains on an array',
    rule: conditionRule('deny', [{ field: 'tags', op: 'contains', value: 'prod' }]),
    payload: { tags: ['dev', 'prod'] },
    match: true,
  },
  {
    note: 'prefix',
    rule: conditionRule('deny', [{ field: 'file', op: 'prefix', value: '/etc/' }]),
    payload: { file: '/etc/passwd' },
    match: true,
  },
  {
    note: 'glob',
    rule: conditionRule('deny', [{ field: 'file', op: 'glob', value: '*.pem' }]),
    payload: { file: 'keys/server.pem' },
    match: true,
  },
  {
    note: 'glob that does not match',
    rule: conditionRule('deny', [{ field: 'file', op: 'glob', value: '*.pem' }]),
    payload: { file: 'keys/server.pem.txt' },
    match: false,
  },
  {
    note: 'regex (RE2)',
    rule: conditionRule('deny', [{ field: 'branch', op: 'regex', value: '^(main|release/.*)$' }]),
    payload: { branch: 'release/1.2' },
    match: true,
  },
  { note: 'exists', rule: conditionRule('deny', [{ field: 'sudo', op: 'exists' }]), payload: { sudo: false }, match: true },
  { note: 'exists negated', rule: conditionRule('deny', [{ field: 'ticket', op: 'exists', negate: true }]), payload: {}, match: true },
  { note: 'ne', rule: conditionRule('deny', [{ field: 'env', op: 'ne', value: 'dev' }]), payload: { env: 'prod' }, match: true },
  {
    note: 'all conditions must hold',
    rule: conditionRule('deny', [
      { field: 'env', op: 'eq', value: 'prod' },
      { field: 'force', op: 'eq', value: true },
    ]),
    payload: { env: 'prod', force: false },
    match: false,
  },
  {
    note: 'gte and lte bounds',
    rule: conditionRule('deny', [
      { field: 'n', op: 'gte', value: 1 },
      { field: 'n', op: 'lte', value: 3 },
    ]),
    payload: { n: 3 },
    match: true,
  },
  { note: 'lt', rule: conditionRule('deny', [{ field: 'n', op: 'lt', value: 0 }]), payload: { n: -1 }, match: true },
  {
    note: 'agent scope: listed agent',
    rule: conditionRule('deny', null, { agent_ids: ['intern-bot'] }),
    payload: {},
    agent: 'intern-bot',
    match: true,
  },
  {
    note: 'agent scope: other agent',
    rule: conditionRule('deny', null, { agent_ids: ['intern-bot'] }),
    payload: {},
    agent: 'ops-bot',
    match: false,
  },
  {
    note: 'risk_at_least: high action',
    rule: conditionRule('require_approval', null, { risk_at_least: 'high' }),
    payload: {},
    risk: 'high',
    match: true,
  },
  {
    note: 'risk_at_least: low action',
    rule: conditionRule('require_approval', null, { risk_at_least: 'high' }),
    payload: {},
    risk: 'low',
    match: false,
  },
];

for (const row of conditions) {
  test(`argument conditions: ${row.note}`, () => {
    const matches = matchingRules([row.rule], { path: '/tools/x', agentId: row.agent, risk: row.risk, payload: row.payload });
    assert.equal(matches.length > 0, row.match);
    if (row.because) assert.match(describeMatch(matches[0]), row.because);
  });
}

test('malformed conditions are caught when a rule is written', () => {
  assert.equal(conditionProblem({ field: 'a.b[*]', op: 'eq', value: 1 }), null);
  assert.match(conditionProblem({ field: 'a..b', op: 'eq', value: 1 })!, /malformed field path/);
  assert.match(conditionProblem({ field: 'a', op: 'in', value: 'x' })!, /array/);
  assert.match(conditionProblem({ field: 'a', op: 'gt', value: 'lots' })!, /numeric/);
  assert.match(conditionProblem({ field: 'a', op: 'regex', value: '(' })!, /invalid regex/);
  assert.match(
    conditionProblem({ field: 'a', op: 'regex', value: '(a)\\1' })!,
    /invalid regex/,
    'backreferences need backtracking: refused',
  );
});

test('a pathological regex and glob stay linear', () => {
  const started = performance.now();
  const long = 'a'.repeat(50_000) + '!';
  assert.equal(
    matchingRules([conditionRule('deny', [{ field: 's', op: 'regex', value: '^(a+)+$' }])], { path: '/tools/x', payload: { s: long } })
      .length,
    0,
  );
  assert.equal(globMatches('*a*a*a*a*a*b', 'a'.repeat(2000)), false);
  assert.ok(performance.now() - started < 5000, 'no catastrophic backtracking (a guard against blow-up, not a speed target)');
});

test('10,000 rules still decide correctly, through the index', () => {
  const many: ToolRule[] = [];
  for (let i = 0; i < 10_000; i++) {
    many.push(rule(`exact-${i}`, i % 2 ? 'allow' : 'require_approval', `/tools/t${i}`));
  }
  many.push(rule('sub', 'require_approval', '/tools/mcp/'));
  many.push(rule('star', 'deny', '/tools/mcp/*/delete_repo'));
  many.push(rule('root', 'allow', '/'));
  assert.deepEqual(
    matchingRules(many, '/tools/t4242').map((m) => m.rule.id),
    ['exact-4242', 'root'],
  );
  assert.deepEqual(
    matchingRules(many, '/tools/t4243').map((m) => m.rule.id),
    ['exact-4243', 'root'],
  );
  assert.deepEqual(
    matchingRules(many, '/tools/mcp/github/delete_repo').map((m) => m.rule.id),
    ['star', 'sub', 'root'],
  );
  assert.deepEqual(
    matchingRules(many, '/tools/mcp/github/list').map((m) => m.rule.id),
    ['sub', 'root'],
  );
  assert.deepEqual(
    matchingRules(many, '/other').map((m) => m.rule.id),
    ['root'],
  );
});

test('answers stay those of the rules themselves when a path is asked again (per-snapshot cache), on random rules and paths', () => {
  // A seeded generator, so a failure repeats.
  let seed = 15;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const segments = ['tools', 'mcp', 'github', 'shell', 'Shell', '*', '.', '..', '%73hell', 'x', ''];
  const randomPath = (allowStar: boolean) => {
    const parts = Array.from({ length: 1 + next(4) }, () => segments[next(segments.length)]).filter((s) => allowStar || s !== '*');
    return '/' + parts.join('/') + (next(4) === 0 ? '/' : '');
  };
  const effects: ToolRule['effect'][] = ['allow', 'deny', 'require_approval'];
  for (let round = 0; round < 20; round++) {
    const rules = Array.from({ length: 1 + next(30) }, (_, i) => rule(`r${i}`, effects[next(3)], randomPath(true), next(8) !== 0));
    // More distinct paths than the cache keeps, each asked several times, so answers come from the
    // index, from the cache and after the cache was emptied.
    const asked = Array.from({ length: 1_300 }, (_, i) => (i < 60 ? randomPath(false) : `/tools/p${i}/${randomPath(false)}`));
    for (let pass = 0; pass < 3; pass++) {
      for (const path of pass === 1 ? [...asked].reverse() : asked) {
        const expected = rules.filter((r) => r.enabled && pathMatches(r.match_path, path)).map((r) => r.id);
        const got = matchingRules(rules, path).map((m) => m.rule.id);
        assert.deepEqual([...got].sort(), [...expected].sort(), `${path} against ${rules.map((r) => r.match_path).join(' ')}`);
      }
    }
  }
});

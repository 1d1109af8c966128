// The control language, table-driven: what each expression evaluates to over a small context, which
// records are evidence and violations, and how bad logic is refused (syntax) or fails (evaluation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateControl, parseControlExpression } from '../src/index.ts';

const context = {
  decisions: [
    { id: 'fd_1', risk: 'critical', allowed: true, human_approved: true, blocked: false, approval: { status: 'consumed' } },
    { id: 'fd_2', risk: 'low', allowed: true, human_approved: false, blocked: false, approval: null },
    { id: 'fd_3', risk: 'critical', allowed: false, human_approved: false, blocked: true, approval: null },
  ],
  approvals: [{ id: 'apr_1', requested_by_key_id: 'key_a', decided_by_key_id: 'key_b' }],
  journal: { verified: true, size: 4, signed_size: 4 },
  inputs: { limit: 1 },
};

const cases: { note: string; logic: string; passed: boolean; error?: RegExp; evidence?: string[]; violations?: string[] }[] = [
  {
    note: 'every with where',
    logic: 'every d in decisions where d.risk == "critical" and d.allowed : d.human_approved',
    passed: true,
    evidence: ['fd_1'],
  },
  {
    note: 'every fails with the violation',
    logic: 'every d in decisions where d.allowed : d.human_approved',
    passed: false,
    violations: ['fd_2'],
  },
  { note: 'no', logic: 'no a in approvals : a.decided_by_key_id == a.requested_by_key_id', passed: true, evidence: ['apr_1'] },
  { note: 'some', logic: 'some d in decisions : d.blocked', passed: true },
  { note: 'count and arithmetic', logic: 'count(d in decisions where d.blocked) * 2 <= inputs.limit + 1', passed: true },
  { note: 'share over an empty set is 1', logic: 'count(d in [] where true) / len([]) == 1', passed: true },
  { note: 'field of null is null', logic: 'every d in decisions where d.risk == "low" : d.approval.status == null', passed: true },
  { note: 'in a list', logic: 'every d in decisions : d.risk in ["low", "critical"]', passed: true },
  { note: 'implies', logic: 'every d in decisions : d.blocked implies not d.allowed', passed: true },
  {
    note: 'functions',
    logic: 'starts_with("ALLOWED_WITH_DENIALS", "ALLOWED") and len(decisions) == 3 and lower("A") == "a"',
    passed: true,
  },
  { note: 'journal facts', logic: 'journal.verified and journal.signed_size == journal.size', passed: true },
  { note: 'comments are ignored', logic: '# a comment\ntrue', passed: true },
  { note: 'not a boolean', logic: 'len(decisions)', passed: false, error: /must give true or false, not number/ },
  { note: 'unknown field is an error, not null', logic: 'every d in decisions : d.rsk == "low"', passed: false, error: /no field `rsk`/ },
  { note: 'and needs booleans', logic: '1 and true', passed: false, error: /left of `and` must be true or false/ },
  { note: 'unknown name', logic: 'secrets.verified', passed: false, error: /unknown name `secrets`/ },
];

for (const c of cases) {
  test(`control language: ${c.note}`, () => {
    const outcome = evaluateControl(c.logic, context);
    assert.equal(outcome.passed, c.passed, JSON.stringify(outcome));
    if (c.error) assert.match(outcome.error ?? '', c.error);
    else assert.equal(outcome.error, null);
    if (c.evidence) assert.deepEqual(outcome.evidence_ids, c.evidence);
    if (c.violations) assert.deepEqual(outcome.violations, c.violations);
  });
}

const syntax: { note: string; logic: string; message: RegExp }[] = [
  { note: 'dangling operator', logic: 'true and', message: /unexpected `end of expression` at character 9/ },
  { note: 'unknown function (no eval)', logic: 'eval("process.exit()")', message: /unknown function `eval`/ },
  { note: 'wrong arity', logic: 'len(1, 2)', message: /`len` takes 1 argument, not 2/ },
  { note: 'unterminated string', logic: '"abc', message: /unterminated string at character 1/ },
  { note: 'stray character', logic: 'a ; b', message: /unexpected character `;`/ },
  { note: 'missing colon', logic: 'every d in decisions d.allowed', message: /expected `:`/ },
  { note: 'too deep', logic: '('.repeat(100) + 'true' + ')'.repeat(100), message: /nested too deeply/ },
];
for (const c of syntax) {
  test(`control language refuses: ${c.note}`, () => {
    assert.throws(() => parseControlExpression(c.logic), c.message);
    assert.equal(evaluateControl(c.logic, context).passed, false, 'an expression that does not parse never passes');
  });
}

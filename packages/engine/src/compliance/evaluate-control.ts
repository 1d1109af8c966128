// Evaluates a parsed control expression over a context of ActionGate's own data (decisions,
// approvals, the journal, findings, the period). Pure: the caller loads the data. As in the
// decision chain, an error is a failure: a control that cannot be evaluated does not pass.
import { parseControlExpression, type ControlExpression } from './control-expression.ts';

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

export interface ControlOutcome {
  /** True only when the expression evaluated to `true` without error. */
  passed: boolean;
  /** Why the control could not be evaluated; null when it could. */
  error: string | null;
  /** Ids of the records the quantifiers examined (decision, approval, finding ids; `sth:<size>` for the journal). */
  evidence_ids: string[];
  /** Ids of the records that made an `every` or a `no` fail. */
  violations: string[];
  /** Records examined in all. */
  examined: number;
}

/** Evaluation steps allowed: nested quantifiers over large periods stop here instead of running for minutes. */
export const EVALUATION_STEP_BUDGET = 20_000_000;
/** Most ids an outcome lists (the counts stay exact). */
export const MAX_LISTED_IDS = 5_000;

class EvaluationError extends Error {}

const typeName = (value: Value | undefined): string =>
  value === undefined
    ? 'missing'
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'list'
        : typeof value === 'object'
          ? 'object'
          : typeof value;

/** Evaluates control logic (text or tree) over a context. Never throws. */
export function evaluateControl(logic: string | ControlExpression, context: Record<string, unknown>): ControlOutcome {
  const evidence = new Set<string>();
  const violations = new Set<string>();
  let examined = 0;
  let steps = 0;
  const note = (set: Set<string>, item: Value) => {
    if (set.size >= MAX_LISTED_IDS || item === null || typeof item !== 'object' || Array.isArray(item)) return;
    if (typeof item.id === 'string') set.add(item.id);
  };

  const bool = (value: Value, what: string): boolean => {
    if (typeof value !== 'boolean') throw new EvaluationError(`${what} must be true or false, not ${typeName(value)}`);
    return value;
  };
  const num = (value: Value, op: string): number => {
    if (typeof value !== 'number') throw new EvaluationError(`\`${op}\` needs numbers, not ${typeName(value)}`);
    return value;
  };
  const list = (value: Value, what: string): Value[] => {
    if (value === null) return [];
    if (!Array.isArray(value)) throw new EvaluationError(`${what} is ${typeName(value)}, not a list`);
    return value;
  };
  const equal = (a: Value, b: Value): boolean => {
    if (Array.isArray(a) || Array.isArray(b) || (a !== null && typeof a === 'object') || (b !== null && typeof b === 'object'))
      throw new EvaluationError('only numbers, strings, booleans and null can be compared with `==`');
    return a === b;
  };

  const evaluate = (node: ControlExpression, scope: Map<string, Value>): Value => {
    if (++steps > EVALUATION_STEP_BUDGET) throw new EvaluationError('the evaluation took too many steps (the step budget is exhausted)');
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'name': {
        if (scope.has(node.name)) return scope.get(node.name)!;
        throw new EvaluationError(`unknown name \`${node.name}\``);
      }
      case 'member': {
        const object = evaluate(node.object, scope);
        // A field of null is null, so `d.approval.status` reads null when there is no approval.
        if (object === null) return null;
        if (typeof object !== 'object' || Array.isArray(object))
          throw new EvaluationError(`\`.${node.field}\` of ${typeName(object)}: only objects have fields`);
        if (!Object.prototype.hasOwnProperty.call(object, node.field)) throw new EvaluationError(`no field \`${node.field}\``);
        return object[node.field];
      }
      case 'list':
        return node.items.map((item) => evaluate(item, scope));
      case 'call':
        return call(
          node.fn,
          node.args.map((arg) => evaluate(arg, scope)),
        );
      case 'unary': {
        const operand = evaluate(node.operand, scope);
        return node.op === 'not' ? !bool(operand, 'the operand of `not`') : -num(operand, '-');
      }
      case 'binary':
        return binary(node, scope);
      case 'quantifier':
        return quantify(node, scope);
    }
  };

  const binary = (node: Extract<ControlExpression, { kind: 'binary' }>, scope: Map<string, Value>): Value => {
    // The logical operators short-circuit, so `d.approval != null and d.approval.status == ...` is safe.
    if (node.op === 'and')
      return bool(evaluate(node.left, scope), 'the left of `and`') && bool(evaluate(node.right, scope), 'the right of `and`');
    if (node.op === 'or')
      return bool(evaluate(node.left, scope), 'the left of `or`') || bool(evaluate(node.right, scope), 'the right of `or`');
    if (node.op === 'implies')
      return !bool(evaluate(node.left, scope), 'the left of `implies`') || bool(evaluate(node.right, scope), 'the right of `implies`');
    const left = evaluate(node.left, scope);
    const right = evaluate(node.right, scope);
    switch (node.op) {
      case '==':
        return equal(left, right);
      case '!=':
        return !equal(left, right);
      case 'in':
        if (typeof right === 'string' && typeof left === 'string') return right.includes(left);
        return list(right, 'the right of `in`').some((item) => item === left);
      case '<':
      case '<=':
      case '>':
      case '>=': {
        if (!((typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string')))
          throw new EvaluationError(`\`${node.op}\` compares two numbers or two strings, not ${typeName(left)} and ${typeName(right)}`);
        if (node.op === '<') return left < right;
        if (node.op === '<=') return left <= right;
        if (node.op === '>') return left > right;
        return left >= right;
      }
      case '+':
        return num(left, '+') + num(right, '+');
      case '-':
        return num(left, '-') - num(right, '-');
      case '*':
        return num(left, '*') * num(right, '*');
      case '/': {
        const divisor = num(right, '/');
        // An empty period divides by zero: the share of something among nothing is taken as 1 (vacuously all).
        return divisor === 0 ? 1 : num(left, '/') / divisor;
      }
    }
  };

  const quantify = (node: Extract<ControlExpression, { kind: 'quantifier' }>, scope: Map<string, Value>): Value => {
    const items = list(evaluate(node.collection, scope), `the collection of \`${node.quantifier}\``);
    const inner = new Map(scope);
    let matched = 0;
    let result = node.quantifier === 'every' || node.quantifier === 'no';
    for (const item of items) {
      inner.set(node.variable, item);
      if (node.where && !bool(evaluate(node.where, inner), 'a `where` condition')) continue;
      matched++;
      examined++;
      note(evidence, item);
      if (node.quantifier === 'count') continue;
      const holds = bool(evaluate(node.body!, inner), `the condition of \`${node.quantifier}\``);
      if (node.quantifier === 'every' && !holds) {
        result = false;
        note(violations, item);
      } else if (node.quantifier === 'no' && holds) {
        result = false;
        note(violations, item);
      } else if (node.quantifier === 'some' && holds) {
        // One witness is enough, but it is the evidence: stop here.
        return true;
      }
    }
    return node.quantifier === 'count' ? matched : node.quantifier === 'some' ? false : result;
  };

  function call(fn: string, args: Value[]): Value {
    switch (fn) {
      case 'len':
        if (typeof args[0] === 'string' || Array.isArray(args[0])) return args[0].length;
        if (args[0] === null) return 0;
        throw new EvaluationError(`\`len\` of ${typeName(args[0])}`);
      case 'starts_with':
      case 'ends_with': {
        const [text, part] = args;
        if (text === null) return false;
        if (typeof text !== 'string' || typeof part !== 'string') throw new EvaluationError(`\`${fn}\` takes two strings`);
        return fn === 'starts_with' ? text.startsWith(part) : text.endsWith(part);
      }
      case 'contains': {
        const [whole, part] = args;
        if (whole === null) return false;
        if (typeof whole === 'string' && typeof part === 'string') return whole.includes(part);
        return list(whole, 'the first argument of `contains`').some((item) => item === part);
      }
      case 'lower':
        if (args[0] === null) return null;
        if (typeof args[0] !== 'string') throw new EvaluationError('`lower` takes a string');
        return args[0].toLowerCase();
      case 'exists':
        return args[0] !== null;
    }
    throw new EvaluationError(`unknown function \`${fn}\``);
  }

  try {
    const tree = typeof logic === 'string' ? parseControlExpression(logic) : logic;
    const scope = new Map<string, Value>(Object.entries(context as Record<string, Value>));
    const value = evaluate(tree, scope);
    if (typeof value !== 'boolean') {
      return {
        passed: false,
        error: `the control logic must give true or false, not ${typeName(value)}`,
        evidence_ids: [...evidence],
        violations: [...violations],
        examined,
      };
    }
    return { passed: value, error: null, evidence_ids: [...evidence], violations: [...violations], examined };
  } catch (error) {
    // INVARIANT: an error is a failure, never a pass.
    return { passed: false, error: (error as Error).message, evidence_ids: [...evidence], violations: [...violations], examined };
  }
}

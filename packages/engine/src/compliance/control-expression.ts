// The control language: a small expression language that controls are written in, parsed by hand
// into a tree (never `eval`). Grammar, lowest precedence first (docs/compliance.md has the guide):
//   expr       := implies
//   implies    := or ("implies" or)?
//   or         := and ("or" and)*
//   and        := not ("and" not)*
//   not        := "not" not | compare
//   compare    := sum (("==" | "!=" | "<" | "<=" | ">" | ">=" | "in") sum)?
//   sum        := product (("+" | "-") product)*
//   product    := unary (("*" | "/") unary)*
//   unary      := "-" unary | postfix
//   postfix    := primary ("." name)*
//   primary    := number | string | true | false | null | name | name "(" args ")" | "(" expr ")"
//               | "[" args "]" | ("every" | "some" | "no") name "in" postfix ("where" expr)? ":" expr
//               | "count" "(" name "in" postfix ("where" expr)? ")"

export type ControlExpression =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: ControlExpression; field: string }
  | { kind: 'call'; fn: string; args: ControlExpression[] }
  | { kind: 'list'; items: ControlExpression[] }
  | { kind: 'unary'; op: 'not' | '-'; operand: ControlExpression }
  | { kind: 'binary'; op: BinaryOperator; left: ControlExpression; right: ControlExpression }
  | {
      kind: 'quantifier';
      quantifier: 'every' | 'some' | 'no' | 'count';
      variable: string;
      collection: ControlExpression;
      where: ControlExpression | null;
      body: ControlExpression | null;
    };

export type BinaryOperator = 'implies' | 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/';

/** A syntax error with the 0-based character offset it was found at. */
export class ControlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at character ${offset + 1}`);
  }
}

/** Longest control_logic accepted, and deepest nesting: a control is a sentence, not a program. */
export const MAX_EXPRESSION_LENGTH = 4000;
const MAX_DEPTH = 48;

/** Names the language keeps for itself. */
const KEYWORDS = new Set(['and', 'or', 'not', 'implies', 'in', 'where', 'every', 'some', 'no', 'count', 'true', 'false', 'null']);

/** Functions the language offers, with their number of arguments. */
export const CONTROL_FUNCTIONS: Record<string, number> = {
  len: 1,
  starts_with: 2,
  ends_with: 2,
  contains: 2,
  lower: 1,
  exists: 1,
};

interface Token {
  type: 'number' | 'string' | 'name' | 'op' | 'end';
  text: string;
  value?: string | number;
  offset: number;
}

const OPERATORS = ['==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '(', ')', '[', ']', ',', '.', ':'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      // A comment runs to the end of the line.
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c)) {
      const match = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i))!;
      i += match[0].length;
      tokens.push({ type: 'number', text: match[0], value: Number(match[0]), offset: start });
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))!;
      i += match[0].length;
      tokens.push({ type: 'name', text: match[0], offset: start });
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= source.length) throw new ControlSyntaxError('unterminated string', start);
        const d = source[i];
        if (d === c) break;
        if (d === '\\') {
          const next = source[i + 1];
          if (next === undefined) throw new ControlSyntaxError('unterminated string', start);
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
          continue;
        }
        value += d;
        i++;
      }
      i++;
      tokens.push({ type: 'string', text: source.slice(start, i), value, offset: start });
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
    if (!op) throw new ControlSyntaxError(`unexpected character \`${c}\``, i);
    i += op.length;
    tokens.push({ type: 'op', text: op, offset: start });
  }
  tokens.push({ type: 'end', text: 'end of expression', offset: source.length });
  return tokens;
}

/** Parses a control's logic into its expression tree; throws ControlSyntaxError naming where it fails. */
export function parseControlExpression(source: string): ControlExpression {
  if (source.length > MAX_EXPRESSION_LENGTH)
    throw new ControlSyntaxError(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
  const tokens = tokenize(source);
  let position = 0;
  let depth = 0;
  const peek = () => tokens[position];
  const isOp = (text: string) => peek().type === 'op' && peek().text === text;
  const isWord = (text: string) => peek().type === 'name' && peek().text === text;
  const expect = (text: string): Token => {
    const token = peek();
    if ((token.type === 'op' || token.type === 'name') && token.text === text) {
      position++;
      return token;
    }
    throw new ControlSyntaxError(`expected \`${text}\` but found \`${token.text}\``, token.offset);
  };
  const nameToken = (what: string): string => {
    const token = peek();
    if (token.type !== 'name' || KEYWORDS.has(token.text))
      throw new ControlSyntaxError(`expected ${what} but found \`${token.text}\``, token.offset);
    position++;
    return token.text;
  };
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_DEPTH) throw new ControlSyntaxError('the expression is nested too deeply', peek().offset);
    try {
      return parse();
    } finally {
      depth--;
    }
  };

  const expression = (): ControlExpression => nested(implies);
  function implies(): ControlExpression {
    const left = or();
    if (!isWord('implies')) return left;
    position++;
    return { kind: 'binary', op: 'implies', left, right: or() };
  }
  function or(): ControlExpression {
    let left = and();
    while (isWord('or')) {
      position++;
      left = { kind: 'binary', op: 'or', left, right: and() };
    }
    return left;
  }
  function and(): ControlExpression {
    let left = not();
    while (isWord('and')) {
      position++;
      left = { kind: 'binary', op: 'and', left, right: not() };
    }
    return left;
  }
  function not(): ControlExpression {
    if (isWord('not')) {
      position++;
      return nested(() => ({ kind: 'unary', op: 'not', operand: not() }));
    }
    return compare();
  }
  function compare(): ControlExpression {
    const left = sum();
    for (const op of ['==', '!=', '<=', '>=', '<', '>'] as const) {
      if (isOp(op)) {
        position++;
        return { kind: 'binary', op, left, right: sum() };
      }
    }
    if (isWord('in')) {
      position++;
      return { kind: 'binary', op: 'in', left, right: sum() };
    }
    return left;
  }
  function sum(): ControlExpression {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = tokens[position++].text as '+' | '-';
      left = { kind: 'binary', op, left, right: product() };
    }
    return left;
  }
  function product(): ControlExpression {
    let left = unary();
    while (isOp('*') || isOp('/')) {
      const op = tokens[position++].text as '*' | '/';
      left = { kind: 'binary', op, left, right: unary() };
    }
    return left;
  }
  function unary(): ControlExpression {
    if (isOp('-')) {
      position++;
      return nested(() => ({ kind: 'unary', op: '-', operand: unary() }));
    }
    return postfix();
  }
  function postfix(): ControlExpression {
    let node = primary();
    while (isOp('.')) {
      position++;
      node = { kind: 'member', object: node, field: nameToken('a field name') };
    }
    return node;
  }
  function args(close: string): ControlExpression[] {
    const items: ControlExpression[] = [];
    if (isOp(close)) {
      position++;
      return items;
    }
    for (;;) {
      items.push(expression());
      if (isOp(',')) {
        position++;
        continue;
      }
      expect(close);
      return items;
    }
  }
  function binding(): { variable: string; collection: ControlExpression; where: ControlExpression | null } {
    const variable = nameToken('a variable name');
    expect('in');
    const collection = postfix();
    let where: ControlExpression | null = null;
    if (isWord('where')) {
      position++;
      where = expression();
    }
    return { variable, collection, where };
  }
  function primary(): ControlExpression {
    const token = peek();
    if (token.type === 'number' || token.type === 'string') {
      position++;
      return { kind: 'literal', value: token.value! };
    }
    if (token.type === 'op' && token.text === '(') {
      position++;
      const inner = expression();
      expect(')');
      return inner;
    }
    if (token.type === 'op' && token.text === '[') {
      position++;
      return { kind: 'list', items: nested(() => args(']')) };
    }
    if (token.type !== 'name') throw new ControlSyntaxError(`unexpected \`${token.text}\``, token.offset);
    switch (token.text) {
      case 'true':
      case 'false':
        position++;
        return { kind: 'literal', value: token.text === 'true' };
      case 'null':
        position++;
        return { kind: 'literal', value: null };
      case 'every':
      case 'some':
      case 'no': {
        position++;
        return nested(() => {
          const bound = binding();
          expect(':');
          return { kind: 'quantifier', quantifier: token.text as 'every' | 'some' | 'no', ...bound, body: expression() };
        });
      }
      case 'count': {
        position++;
        expect('(');
        return nested(() => {
          const bound = binding();
          expect(')');
          return { kind: 'quantifier', quantifier: 'count', ...bound, body: null };
        });
      }
    }
    if (KEYWORDS.has(token.text)) throw new ControlSyntaxError(`unexpected \`${token.text}\``, token.offset);
    position++;
    if (isOp('(')) {
      const arity = CONTROL_FUNCTIONS[token.text];
      if (arity === undefined) throw new ControlSyntaxError(`unknown function \`${token.text}\``, token.offset);
      position++;
      const callArgs = nested(() => args(')'));
      if (callArgs.length !== arity)
        throw new ControlSyntaxError(
          `\`${token.text}\` takes ${arity} argument${arity === 1 ? '' : 's'}, not ${callArgs.length}`,
          token.offset,
        );
      return { kind: 'call', fn: token.text, args: callArgs };
    }
    return { kind: 'name', name: token.text };
  }

  const tree = expression();
  if (peek().type !== 'end') throw new ControlSyntaxError(`unexpected \`${peek().text}\` after the expression`, peek().offset);
  return tree;
}

/** The free names an expression reads (what it needs from the evaluation context). */
export function freeNames(tree: ControlExpression, bound: ReadonlySet<string> = new Set()): Set<string> {
  const names = new Set<string>();
  const walk = (node: ControlExpression, scope: ReadonlySet<string>): void => {
    switch (node.kind) {
      case 'name':
        if (!scope.has(node.name)) names.add(node.name);
        return;
      case 'member':
        return walk(node.object, scope);
      case 'call':
        return node.args.forEach((arg) => walk(arg, scope));
      case 'list':
        return node.items.forEach((item) => walk(item, scope));
      case 'unary':
        return walk(node.operand, scope);
      case 'binary':
        walk(node.left, scope);
        return walk(node.right, scope);
      case 'quantifier': {
        walk(node.collection, scope);
        const inner = new Set(scope).add(node.variable);
        if (node.where) walk(node.where, inner);
        if (node.body) walk(node.body, inner);
        return;
      }
      case 'literal':
        return;
    }
  };
  walk(tree, bound);
  return names;
}

// Parses shell with mvdan-sh (the parser of shfmt, compiled from Go to JS by GopherJS) and hands
// back its syntax tree as plain JS objects: `{type: 'CallExpr', Args: [...], ...}`, the same
// node and field names as the Go package (mvdan.cc/sh/v3/syntax). Why a copy: the package's
// JS wrapper converts the whole subtree on every field access (tens of microseconds each, and
// quadratic on long pipelines), while one pass over GopherJS's own objects is linear and cheap.
// Positions and comments are dropped; strings (Go UTF-8 bytes) are decoded.

import sh, { type ShNode } from 'mvdan-sh';

const { syntax } = sh;
const parser = syntax.NewParser();

/** A node of the shell syntax tree, as plain data. */
export interface ShellNode {
  type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

/** Nodes converted at most per parse, and nesting followed at most. */
const MAX_NODES = 200000;
const MAX_NESTING = 2000;

/** Thrown when a tree is too large or too deep to convert. */
export class ShellTooComplex extends Error {}

/** Thrown when the parser rejects the source; `message` is the parser's. */
export class ShellSyntaxError extends Error {}

/** Decodes a GopherJS string (one char per UTF-8 byte) into a JS string. */
function decode(value: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\x80-\xff]/.test(value) ? Buffer.from(value, 'latin1').toString('utf8') : value;
}

const SKIPPED_FIELDS = new Set(['$val', 'Comments', 'Last']);

class Converter {
  private nodes = 0;

  convert(value: ShNode, nesting: number): unknown {
    if (value === null || value === undefined) return undefined;
    const kind = typeof value;
    if (kind === 'string') return decode(value);
    if (kind === 'number' || kind === 'boolean') return value;
    if (kind !== 'object') return undefined;
    if (nesting > MAX_NESTING || ++this.nodes > MAX_NODES) throw new ShellTooComplex('shell syntax tree too large or too deep');
    if ('$array' in value && '$length' in value) {
      const out: unknown[] = [];
      const array = value.$array;
      const offset = value.$offset as number;
      const length = value.$length as number;
      for (let i = 0; i < length; i++) out.push(this.convert(array[offset + i], nesting + 1));
      return out;
    }
    const typeName: unknown = value.constructor?.string;
    if (typeof typeName !== 'string' || value === value.constructor.nil) return undefined;
    if (typeName.endsWith('syntax.Pos')) return undefined;
    const node: ShellNode = { type: typeName.replace(/^\*?syntax\./, '') };
    for (const key of Object.keys(value)) {
      if (SKIPPED_FIELDS.has(key)) continue;
      const field = this.convert(value[key], nesting + 1);
      if (field !== undefined) node[key] = field;
    }
    return node;
  }
}

/** Parses shell source into a plain `File` node. Throws ShellSyntaxError or ShellTooComplex. */
export function parseShell(source: string): ShellNode {
  let file: ShNode;
  try {
    file = parser.Parse(source, '');
  } catch (error) {
    if (error instanceof RangeError) throw new ShellTooComplex('shell source nested too deep to parse');
    const message = typeof (error as ShNode)?.Error === 'function' ? String((error as ShNode).Error()) : String(error);
    throw new ShellSyntaxError(message);
  }
  const internal = file?.__internal_object__;
  if (internal === undefined) throw new ShellSyntaxError('unsupported build of mvdan-sh (no internal tree)');
  const node = new Converter().convert(internal, 0) as ShellNode | undefined;
  if (node === undefined || node.type !== 'File') throw new ShellSyntaxError('unexpected tree from mvdan-sh');
  if (!Array.isArray(node.Stmts)) node.Stmts = [];
  return node;
}

/** Visits every node of a tree (pre-order); `visit` returns false to skip a node's children. */
export function walkShell(root: unknown, visit: (node: ShellNode) => boolean, budget = 100000): void {
  const stack: unknown[] = [root];
  let steps = 0;
  while (stack.length > 0 && steps++ < budget) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const node = value as ShellNode;
    if (!visit(node)) continue;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
}

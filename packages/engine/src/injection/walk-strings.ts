// Visits every string of a payload (values and object keys, at any depth) without recursion, so a
// deeply nested payload cannot overflow the stack, and within a byte budget, so a huge payload
// cannot make the screen slow.

/** One string of the payload and where it sits. */
export interface PayloadString {
  /** Field path such as `body`, `messages[2].content`, or `messages[2].<key>` for a key. */
  path: string;
  text: string;
}

/** What the walk found besides strings: limits it hit. */
export interface WalkLimits {
  truncated: boolean;
  tooDeep: boolean;
  cyclic: boolean;
}

export interface WalkOptions {
  /** Characters of string content (values and keys) to visit at most. */
  maxBytes: number;
  /** Container nesting to enter at most. */
  maxDepth: number;
  /** Values (containers, strings, scalars) to visit at most, so huge arrays of numbers stay cheap. */
  maxNodes: number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

function keyPath(parent: string): string {
  return parent === '' ? '<key>' : `${parent}.<key>`;
}

interface Frame {
  value: unknown;
  /** Path of the container holding the value ('' for the payload itself). */
  parentPath: string;
  /** Index or key in that container; undefined for the payload itself. */
  key: number | string | undefined;
  depth: number;
}

// Paths are built only for values that are read (strings and containers), never for each of a
// million numbers in an array.
function pathOf(frame: Frame): string {
  if (frame.key === undefined) return frame.parentPath;
  if (typeof frame.key === 'number') return `${frame.parentPath}[${frame.key}]`;
  return childPath(frame.parentPath, frame.key);
}

function isReadable(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null);
}

/**
 * Calls `visit` for each string in `payload`, depth first in document order, until `maxBytes`
 * characters have been visited (the last string is cut to fit). Containers deeper than
 * `maxDepth` and repeated references are skipped and reported in the returned limits.
 */
export function walkStrings(payload: unknown, options: WalkOptions, visit: (item: PayloadString) => void): WalkLimits {
  const limits: WalkLimits = { truncated: false, tooDeep: false, cyclic: false };
  let budget = options.maxBytes;
  let nodes = 0;
  const seen = new WeakSet<object>();
  const stack: Frame[] = [{ value: payload, parentPath: '', key: undefined, depth: 0 }];
  const emit = (path: string, text: string): boolean => {
    if (budget <= 0) {
      limits.truncated = true;
      return false;
    }
    if (text.length > budget) {
      limits.truncated = true;
      text = text.slice(0, budget);
    }
    budget -= text.length;
    if (text.length > 0) visit({ path, text });
    return true;
  };
  while (stack.length > 0) {
    if (++nodes > options.maxNodes) {
      limits.truncated = true;
      break;
    }
    const frame = stack.pop() as Frame;
    const { value, depth } = frame;
    if (typeof value === 'string') {
      const path = pathOf(frame);
      if (!emit(path === '' ? '$' : path, value)) break;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (seen.has(value)) {
      limits.cyclic = true;
      continue;
    }
    if (depth >= options.maxDepth) {
      limits.tooDeep = true;
      continue;
    }
    seen.add(value);
    const path = pathOf(frame);
    const children: Frame[] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (++nodes > options.maxNodes) {
          limits.truncated = true;
          break;
        }
        const child: unknown = value[i];
        if (isReadable(child)) children.push({ value: child, parentPath: path, key: i, depth: depth + 1 });
      }
    } else {
      for (const key of Object.keys(value)) {
        if (++nodes > options.maxNodes) {
          limits.truncated = true;
          break;
        }
        if (!emit(keyPath(path), key)) return limits;
        const child = (value as Record<string, unknown>)[key];
        if (isReadable(child)) children.push({ value: child, parentPath: path, key, depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return limits;
}

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
  /** Frame of the container holding the value; undefined for the payload itself. */
  parent: Frame | undefined;
  /** Index or key in that container; undefined for the payload itself. */
  key: number | string | undefined;
  depth: number;
  /** The value's path, once built ('' for the payload itself). */
  path: string | undefined;
}

function frameOf(value: unknown, parent: Frame | undefined, key: number | string | undefined, depth: number): Frame {
  return { value, parent, key, depth, path: undefined };
}

// Paths are built only when asked for (the screen asks for the path of a string it reports), and
// never for each of a million numbers in an array; each container's path is built at most once.
function pathOf(frame: Frame): string {
  if (frame.path !== undefined) return frame.path;
  let path: string;
  if (frame.key === undefined || frame.parent === undefined) path = '';
  else if (typeof frame.key === 'number') path = `${pathOf(frame.parent)}[${frame.key}]`;
  else path = childPath(pathOf(frame.parent), frame.key);
  frame.path = path;
  return path;
}

/** A string of the payload whose path is built on first read. */
class LazyPayloadString implements PayloadString {
  readonly text: string;
  readonly #frame: Frame;
  readonly #ofKey: boolean;
  #path: string | undefined;

  constructor(frame: Frame, ofKey: boolean, text: string) {
    this.text = text;
    this.#frame = frame;
    this.#ofKey = ofKey;
  }

  get path(): string {
    if (this.#path === undefined) {
      const path = pathOf(this.#frame);
      this.#path = this.#ofKey ? keyPath(path) : path === '' ? '$' : path;
    }
    return this.#path;
  }
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
  const stack: Frame[] = [frameOf(payload, undefined, undefined, 0)];
  // `frame` holds the string (ofKey false) or the object whose key it is (ofKey true).
  const emit = (frame: Frame, ofKey: boolean, text: string): boolean => {
    if (budget <= 0) {
      limits.truncated = true;
      return false;
    }
    if (text.length > budget) {
      limits.truncated = true;
      text = text.slice(0, budget);
    }
    budget -= text.length;
    if (text.length > 0) visit(new LazyPayloadString(frame, ofKey, text));
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
      if (!emit(frame, false, value)) break;
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
    const children: Frame[] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (++nodes > options.maxNodes) {
          limits.truncated = true;
          break;
        }
        const child: unknown = value[i];
        if (isReadable(child)) children.push(frameOf(child, frame, i, depth + 1));
      }
    } else {
      for (const key of Object.keys(value)) {
        if (++nodes > options.maxNodes) {
          limits.truncated = true;
          break;
        }
        if (!emit(frame, true, key)) return limits;
        const child = (value as Record<string, unknown>)[key];
        if (isReadable(child)) children.push(frameOf(child, frame, key, depth + 1));
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return limits;
}

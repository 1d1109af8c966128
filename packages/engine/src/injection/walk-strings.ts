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

function childPath(parent: string, key: number | string): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

function keyPath(parent: string): string {
  return parent === '' ? '<key>' : `${parent}.<key>`;
}

/** An array or object being walked: one stack entry per container, none per string in it. */
export interface Container {
  /** Container holding this one; undefined for the payload itself. */
  parent: Container | undefined;
  /** Index or key in that container; undefined for the payload itself. */
  key: number | string | undefined;
  depth: number;
  /** The container's path, once built ('' for the payload itself). */
  path: string | undefined;
  /**
   * Its strings and containers (other values are never visited), read when it was entered, each
   * after its index or key: key, value, key, value, …
   */
  children: unknown[];
  /** Index in `children` of the next key to visit. */
  next: number;
  /** The array or object itself (its scalar values are not among `children`). */
  value: object;
}

// Paths are built only when asked for (the screen asks for the path of a string it reports), and
// never for each of a million numbers in an array; each container's path is built at most once.
function pathOf(container: Container): string {
  if (container.path !== undefined) return container.path;
  const { parent, key } = container;
  const path = parent === undefined || key === undefined ? '' : childPath(pathOf(parent), key);
  container.path = path;
  return path;
}

/**
 * Where a string sits: in `container` (undefined for the payload itself) at `key` (undefined when
 * the string is a key of the container).
 */
export type StringVisitor = (text: string, container: Container | undefined, key: number | string | undefined) => void;

/** The path of a string that a StringVisitor was given. */
export function stringPath(container: Container | undefined, key: number | string | undefined): string {
  if (container === undefined) return '$';
  if (key === undefined) return keyPath(pathOf(container));
  return childPath(pathOf(container), key);
}

/** A string of the payload whose path is built on first read. */
class LazyPayloadString implements PayloadString {
  readonly text: string;
  readonly #container: Container | undefined;
  readonly #key: number | string | undefined;
  #path: string | undefined;

  constructor(container: Container | undefined, key: number | string | undefined, text: string) {
    this.text = text;
    this.#container = container;
    this.#key = key;
  }

  get path(): string {
    this.#path ??= stringPath(this.#container, this.#key);
    return this.#path;
  }
}

function isReadable(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null);
}

const SHORT_LIST = 64;

/** The state of one walk. Methods, not closures: closures would be created on every walk. */
class Walk {
  readonly limits: WalkLimits = { truncated: false, tooDeep: false, cyclic: false };
  readonly stack: Container[] = [];
  readonly #visit: StringVisitor;
  readonly #maxDepth: number;
  readonly #maxNodes: number;
  // Containers entered: a short list searched in turn, then a set (filling a set costs more than
  // searching a short list, and most payloads hold few containers).
  readonly #seenList: object[] = [];
  #seenSet: Set<object> | undefined;
  #budget: number;
  #nodes = 0;

  constructor(options: WalkOptions, visit: StringVisitor) {
    this.#visit = visit;
    this.#maxDepth = options.maxDepth;
    this.#maxNodes = options.maxNodes;
    this.#budget = options.maxBytes;
  }

  /**
   * Visits a string: a value (`key` set) or a key of `container` (`key` undefined), or the
   * payload itself. False once the budget is spent, which ends the walk.
   */
  emit(container: Container | undefined, key: number | string | undefined, text: string): boolean {
    if (this.#budget <= 0) {
      this.limits.truncated = true;
      return false;
    }
    if (text.length > this.#budget) {
      this.limits.truncated = true;
      text = text.slice(0, this.#budget);
    }
    this.#budget -= text.length;
    if (text.length > 0) this.#visit(text, container, key);
    return true;
  }

  #wasSeen(value: object): boolean {
    return this.#seenSet !== undefined ? this.#seenSet.has(value) : this.#seenList.includes(value);
  }

  /** Records a container as seen; false when it was seen before. */
  #firstSeen(value: object): boolean {
    if (this.#seenSet !== undefined) {
      // One lookup: adding a container seen before leaves the set as it was.
      const size = this.#seenSet.size;
      return this.#seenSet.add(value).size !== size;
    }
    if (this.#seenList.includes(value)) return false;
    this.#seenList.push(value);
    if (this.#seenList.length > SHORT_LIST) this.#seenSet = new Set(this.#seenList);
    return true;
  }

  /** Counts one node; false (and the walk ends) when that is one too many. */
  count(): boolean {
    if (++this.#nodes <= this.#maxNodes) return true;
    this.limits.truncated = true;
    return false;
  }

  /**
   * Visits one value: the payload, or the next value of the top container. A container is
   * entered (its keys visited, its strings and containers read) and pushed. False when the walk
   * must end. Every value visited, and every element or key of a container entered, is a node.
   */
  step(value: unknown, parent: Container | undefined, key: number | string | undefined, depth: number): boolean {
    if (!this.count()) return false;
    if (typeof value === 'string') return this.emit(parent, key, value);
    if (value === null || typeof value !== 'object') return true;
    // A container seen before is skipped, even when too deep; one too deep is not yet seen.
    if (depth >= this.#maxDepth) {
      if (this.#wasSeen(value)) this.limits.cyclic = true;
      else this.limits.tooDeep = true;
      return true;
    }
    if (!this.#firstSeen(value)) {
      this.limits.cyclic = true;
      return true;
    }
    const container: Container = { parent, key, depth, path: undefined, children: [], next: 0, value };
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (!this.count()) return false;
        const child: unknown = value[i];
        if (isReadable(child)) container.children.push(i, child);
      }
    } else {
      for (const name of Object.keys(value)) {
        if (!this.count() || !this.emit(container, undefined, name)) return false;
        const child = (value as Record<string, unknown>)[name];
        if (isReadable(child)) container.children.push(name, child);
      }
    }
    if (container.children.length > 0) this.stack.push(container);
    return true;
  }
}

/**
 * Calls `visit` for each string in `payload`, depth first in document order, until `maxBytes`
 * characters have been visited (the last string is cut to fit). Containers deeper than
 * `maxDepth` and repeated references are skipped and reported in the returned limits.
 */
export function walkStrings(payload: unknown, options: WalkOptions, visit: (item: PayloadString) => void): WalkLimits {
  return walkPayload(payload, options, (text, container, key) => visit(new LazyPayloadString(container, key, text)));
}

/**
 * The walk of walkStrings, for a visitor that needs the path of few strings: it gets each
 * string's place instead of an item, and asks stringPath for the path when it needs it.
 */
export function walkPayload(payload: unknown, options: WalkOptions, visit: StringVisitor): WalkLimits {
  const walk = new Walk(options, visit);
  if (!walk.step(payload, undefined, undefined, 0)) return walk.limits;
  const stack = walk.stack;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.children.length) {
      stack.pop();
      continue;
    }
    const key = top.children[top.next] as number | string;
    const value = top.children[top.next + 1];
    top.next += 2;
    if (!walk.step(value, top, key, top.depth + 1)) break;
  }
  return walk.limits;
}

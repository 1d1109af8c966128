// Names the gateway shows the client for upstream tools and prompts: `serverKey__name`, using only
// [A-Za-z0-9_-] and at most 64 characters. A name that does not fit is shortened with a hash. The
// exposed name is only ever looked up in the table, never parsed back, so a `__` inside a tool
// name or a shortened name cannot route a call to the wrong server or tool.
import { createHash } from 'node:crypto';

export const MAX_NAME_LENGTH = 64;
const SAFE_NAME = /^[A-Za-z0-9_-]+$/;
const HASH_LENGTH = 10;

/** Where an exposed name leads. */
export interface NameTarget {
  serverKey: string;
  /** The upstream's own name, exactly as the upstream listed it. */
  name: string;
}

/** The name of `name` of `serverKey` as the client sees it, before collisions are resolved. */
export function exposedName(serverKey: string, name: string): string {
  const plain = `${serverKey}__${name}`;
  if (plain.length <= MAX_NAME_LENGTH && SAFE_NAME.test(plain)) return plain;
  return hashedName(serverKey, name);
}

/** The shortened form: a readable prefix, then a hash of the server key and the exact upstream name. */
export function hashedName(serverKey: string, name: string): string {
  const hash = createHash('sha256').update(`${serverKey}\u0000${name}`).digest('hex').slice(0, HASH_LENGTH);
  const readable = `${serverKey}__${name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${readable.slice(0, MAX_NAME_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}

/**
 * The lookup table of one kind of item (tools or prompts) across all upstreams. Each server's names
 * are replaced whole when that server's list is read again.
 */
export class NameTable {
  private readonly byExposed = new Map<string, NameTarget>();
  private readonly byServer = new Map<string, Map<string, string>>();

  /** Replaces the names of one server; answers the exposed name of each upstream name (undefined when it had to be left out). */
  setServer(serverKey: string, names: string[], onConflict: (name: string, exposed: string) => void): Map<string, string> {
    this.removeServer(serverKey);
    const mine = new Map<string, string>();
    for (const name of names) {
      if (mine.has(name)) continue; // the upstream listed the same name twice: one entry
      let exposed = exposedName(serverKey, name);
      if (this.byExposed.has(exposed)) exposed = hashedName(serverKey, name);
      if (this.byExposed.has(exposed)) {
        onConflict(name, exposed);
        continue;
      }
      this.byExposed.set(exposed, { serverKey, name });
      mine.set(name, exposed);
    }
    this.byServer.set(serverKey, mine);
    return mine;
  }

  removeServer(serverKey: string): void {
    for (const exposed of this.byServer.get(serverKey)?.values() ?? []) this.byExposed.delete(exposed);
    this.byServer.delete(serverKey);
  }

  /** The upstream target of an exposed name, or undefined. */
  lookup(exposed: string): NameTarget | undefined {
    return this.byExposed.get(exposed);
  }

  /** The exposed name of an upstream name. */
  exposedOf(serverKey: string, name: string): string | undefined {
    return this.byServer.get(serverKey)?.get(name);
  }
}

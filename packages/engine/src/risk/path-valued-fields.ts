// File paths under any argument name: a file tool may call its path `p`, `f`, `loc`, `which` or
// `rel`, and a server's download endpoint takes it in the query (`?file=../../etc/shadow`). A value
// is a path by its shape (a folder separator, a home or dot start, `file://`), not by its key;
// percent-encoded separators (`..%2f..%2fetc%2fshadow`) are decoded first, as the server would.

/** One word, no spaces or line breaks, with a separator or a home, dot or drive start. */
const PATH_SHAPE =
  /^(?:file:\/\/|~|\.{1,2}(?:[\\/]|%2f|%5c)|[\\/]|[A-Za-z]:[\\/]|%[A-Z]+%|\$(?:env:)?[A-Z]+[\\/]|[\w.@-]+(?:[\\/]|%2f|%5c))[^\s<>"'|;&`]*$|^\.[\w-]+(?:\.[\w-]+)*$/i;
const PERCENT_SEPARATOR = /%2[ef]|%5c/i;
const MAX_PATH = 512;

/** Percent-encoded dots and separators decoded (`..%2f` is `../` to the server that reads it). */
export function decodedPath(text: string): string {
  if (!PERCENT_SEPARATOR.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%2e/gi, '.').replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
  }
}

/** Whether a value, whatever its key, is shaped like a file path (never a URL other than `file://`, never prose). */
export function isPathShaped(text: string): boolean {
  // Prose has spaces: ruled out before any regex runs.
  if (text.length < 2 || text.length > MAX_PATH || text.includes(' ')) return false;
  // A path starts with a dot, a home, a variable or a separator, or holds a separator: other words are ruled out without a regex.
  const first = text.charCodeAt(0);
  if (first !== 46 && first !== 126 && first !== 36 && first !== 37 && !text.includes('/') && !text.includes('\\') && !text.includes('%'))
    return false;
  return !/^[a-z][\w+.-]*:\/\/(?!\/)/i.test(text) && PATH_SHAPE.test(text);
}

/** Values of an http(s) URL's query that are shaped like paths (`download?file=../../etc/shadow`). */
export function queryPaths(url: string): Array<{ name: string; value: string }> {
  const query = url.indexOf('?');
  if (query < 0 || url.length > 4096) return [];
  const found: Array<{ name: string; value: string }> = [];
  for (const [name, value] of new URLSearchParams(url.slice(query + 1).replace(/#.*$/, ''))) {
    if (found.length >= 16) break;
    const path = decodedPath(value);
    if (isPathShaped(path)) found.push({ name, value: path });
  }
  return found;
}

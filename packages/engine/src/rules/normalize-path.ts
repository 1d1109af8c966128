// Tool paths are compared in one canonical form, so `/tools//Shell/`, `/tools/./shell` and
// `/tools/%73hell` cannot slip past a rule written for `/tools/shell`.

/**
 * Canonical form of a tool path: percent-decoded, lower case, no empty, `.` or `..` segments, no
 * trailing `/`. `keepCase` keeps the letters' case (the risk classifier reads camelCase names).
 */
export function normalizeToolPath(path: string, keepCase = false): string {
  // Tool paths repeat from call to call, and each decision reads its path several times.
  const cache = keepCase ? casedCache : foldedCache;
  const known = cache.get(path);
  if (known !== undefined) return known;
  const canonical = canonicalize(path, keepCase);
  if (path.length <= 512) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(path, canonical);
  }
  return canonical;
}

const CACHE_LIMIT = 4096;
const casedCache = new Map<string, string>();
const foldedCache = new Map<string, string>();

function canonicalize(path: string, keepCase: boolean): string {
  let decoded = path;
  for (let i = 0; i < 3 && decoded.includes('%'); i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  const out: string[] = [];
  for (const raw of decoded.replaceAll('\\', '/').split('/')) {
    const segment = keepCase ? raw.trim() : raw.trim().toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return '/' + out.join('/');
}

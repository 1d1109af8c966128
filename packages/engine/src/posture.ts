// The tenant's security posture: tool path lists the policy stage applies to every decision.
// `denied_tools` denies the tools it matches; `allowed_tools`, when set, denies every tool it does
// not match. Patterns are those of tool rules (exact, subtree with a final `/`, `*` for one segment).
import { normalizeToolPath } from './rules/normalize-path.ts';
import { PathIndex } from './rules/path-index.ts';

export interface ToolPosture {
  /** Only these tools may run; no restriction when null. */
  allowedTools: readonly string[] | null;
  /** These tools never run. */
  deniedTools: readonly string[] | null;
}

interface PostureIndexes {
  allowed: PathIndex<{ match_path: string }> | null;
  denied: PathIndex<{ match_path: string }> | null;
}

// A posture is an immutable snapshot (replaced on change): its indexes are built once.
const indexes = new WeakMap<ToolPosture, PostureIndexes>();

function indexesOf(posture: ToolPosture): PostureIndexes {
  let built = indexes.get(posture);
  if (!built) {
    const index = (patterns: readonly string[] | null) =>
      patterns === null ? null : new PathIndex(patterns.map((pattern) => ({ match_path: pattern })));
    built = { allowed: index(posture.allowedTools), denied: index(posture.deniedTools) };
    indexes.set(posture, built);
  }
  return built;
}

/** Why the posture refuses the tool, in words, or null when it may run. */
export function postureRefusal(posture: ToolPosture, path: string): string | null {
  const canonical = normalizeToolPath(path);
  const { allowed, denied } = indexesOf(posture);
  const deniedBy = denied?.lookup(canonical)[0];
  if (deniedBy) return `security posture denies ${path} (denied_tools \`${deniedBy.match_path}\`)`;
  if (allowed && allowed.lookup(canonical).length === 0) {
    return posture.allowedTools!.length === 0
      ? `security posture allows no tools (allowed_tools is empty), so not ${path}`
      : `security posture does not list ${path} in allowed_tools`;
  }
  return null;
}

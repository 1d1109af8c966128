// Keys whose text runs or is called: a command, code, SQL, a URL, arguments. Prose (a runbook's
// `content`, a message's `text`) names commands without running them. The answer per key is
// kept in a small bounded cache, since payload keys repeat across calls.

const RUN_KEY =
  /cmd|command|script|code|sql|query|statement|stmt|url|endpoint|arg|exec|run|shell|bash|eval|expression|source|program|cell|block|powershell|python|^$/;
const CACHE_LIMIT = 1024;
const cache = new Map<string, boolean>();

/** Whether a (normalised) payload key holds text that runs or is called. */
export function runsText(key: string): boolean {
  let runs = cache.get(key);
  if (runs === undefined) {
    runs = RUN_KEY.test(key);
    if (cache.size < CACHE_LIMIT) cache.set(key, runs);
  }
  return runs;
}

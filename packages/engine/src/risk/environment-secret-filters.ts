// The environment filtered for its secrets: `printenv | grep -i token`, `env | grep -Ei 'key|secret'`,
// `Get-ChildItem Env: | Select-String password`, `set | findstr /i pass`. A whole dump is left to the
// pipeline rules (`env | sort` is everyday work; it is a leak when sent on), but a filter that keeps
// only the variables named like secrets prints exactly the tokens and passwords. Filters for other
// names (`grep -i proxy`, `grep ^LANG`) match nothing. A pod's or container's environment filtered
// the same way (`kubectl exec web -- env | grep -i pass`) is read alike.

import type { Findings } from './findings.ts';

/** A whole-environment dump piped into a text filter, the filter's arguments captured. */
const DUMP_THEN_FILTER =
  /(?:^|[;&|(\n]\s*|\b(?:sudo|exec)\s+|\s--\s+)(?:env|printenv|set|export\s+-p|declare\s+-p?x|compgen\s+-v|(?:Get-ChildItem|gci|dir|ls|Get-Item)\s+-?(?:Path\s+)?Env:\\?\*?|\[Environment\]::GetEnvironmentVariables\(\))\s*\|\s*(?:grep|egrep|rg|ag|findstr|Select-String|sls|Where-Object|where|\?|awk|sed)\b([^|;&\n]{0,200})/gi;
/** Variable names of secrets in a filter's pattern. */
const SECRET_NAME =
  /passw|passwd|\bpass\b|secret|api_?key|access_?key|private_?key|\bkeys?\b|token|credential|\bauth\b|\bpat\b|\bsession\b/i;
const HINT = /\b(?:env|printenv|set|export|declare|compgen|Env:|GetEnvironmentVariables)\b[^|\n]*\|/i;

export function assessEnvironmentSecretFilters(text: string, findings: Findings): void {
  if (text.length > 65536 || !HINT.test(text)) return;
  DUMP_THEN_FILTER.lastIndex = 0;
  for (const match of text.matchAll(DUMP_THEN_FILTER)) {
    if (!SECRET_NAME.test(match[1].replace(/[_-]/g, '_'))) continue;
    findings.add('critical', `shell: prints the environment's secret variables (\`${match[0].trim().slice(0, 80)}\`)`);
    return;
  }
}

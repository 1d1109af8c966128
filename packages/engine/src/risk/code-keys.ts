// The payload keys that hold program code (a code tool's `code`, a notebook `cell`, a workflow's
// `js_code` node): one base set, which each reader extends with the keys only it reads as code.

/** Keys that hold code on any tool. */
export const CODE_KEYS_BASE: readonly string[] = [
  'code',
  'source',
  'source_code',
  'script',
  'program',
  'cell',
  'snippet',
  'python',
  'js',
  'javascript',
  'ruby',
  // n8n's and other workflow tools' code nodes.
  'js_code',
  'python_code',
  'function_code',
];

/** The base set with a reader's own extra keys. */
export function codeKeys(...extra: string[]): ReadonlySet<string> {
  return new Set([...CODE_KEYS_BASE, ...extra]);
}

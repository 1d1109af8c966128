// Tools that read a file under names the verb table does not know (`viewer`, `slurp`, `peek`,
// `open_doc`, `inspect_file`): the name says it shows a file, so a key handed to it is read out,
// and a call that only names ordinary project files (`{f: "src/index.ts", tail: 200}`) is a read,
// low like `read_file`.

import type { PayloadFields } from './payload-fields.ts';
import { isPathShaped } from './path-valued-fields.ts';

/** Word stems of tool names that show a file's content. */
const READ_STEMS = /^(?:read|view|peek|preview|inspect|slurp|open|cat|show|load|display|contents?|head|tail|print|serve$)/;
/** Option values a file read may carry beside its paths. */
const OPTION_VALUE = /^(?:utf-?8|utf-?16\w*|ascii|latin-?1|base64|binary|text|raw|lines?|bytes?|true|false|auto|json|markdown|md|plain)$/i;
/** Files that are never ordinary project files (keys, secrets, system files) are judged elsewhere; these shapes are project files. */
const PROJECT_FILE = /^(?:\.\/|\.\.\/)?(?!\.\.?\/)(?!.*(?:^|\/)\.\.(?:\/|$))[\w@+-][\w.@+-]*(?:\/[\w@+-][\w.@+-]*)*$/;
const NOT_PROJECT =
  /(?:^|\/)\.(?![./]|github\/|vscode\/)|\.(?:pem|key|p12|pfx|kdbx|jks|keystore|ppk)$|(?:^|\/)(?:id_[a-z0-9]+|credentials|secrets?)(?:\.|\/|$)/i;

/** Folders that hold checkouts and deployed apps, never system or secret files of their own. */
const PROJECT_ROOT =
  /^\/(?:srv|app|apps|workspace|workspaces|code|src|projects?|repo|repos|testbed|workdir|var\/www|opt\/[\w.-]+|home\/[\w.-]+\/(?:projects?|src|code|work|repos|git)|Users\/[\w.-]+\/(?:projects?|src|code|work|repos|git|Documents))\/(?=[\w@+-])/;

/** A Windows path on a drive with backslashes only (`C:\Users\dev\project\a.txt`). */
const WINDOWS_DRIVE_PATH = /^[A-Za-z]:\\[^/]*$/;

/** Whether the tool's name says it shows a file's content. */
export function readsByName(words: readonly string[]): boolean {
  return words.some((word) => READ_STEMS.test(word));
}

/** Fields naming an editor tool's sub-command, and the sub-commands that only show a file. */
const SUBCOMMAND_KEYS = new Set(['command', 'action', 'operation', 'op', 'mode']);
const READ_SUBCOMMAND = /^(?:view|read|cat|show|open|print|display)$/i;

/** Whether the call asks an editor-like tool only to show a file (`{command: "view", path}`). */
export function asksToView(fields: PayloadFields): boolean {
  return fields.strings.some((field) => !field.inArray && SUBCOMMAND_KEYS.has(field.key) && READ_SUBCOMMAND.test(field.text.trim()));
}

/**
 * Whether the call only reads ordinary project files: every string is a relative project path (at
 * most one `../`) or a read option, and there is at least one path.
 */
export function readsOnlyProjectFiles(fields: PayloadFields): boolean {
  if (fields.truncated || fields.strings.length === 0 || fields.strings.length > 16) return false;
  let paths = 0;
  for (const field of fields.strings) {
    // `C:\Users\dev\project\notes.txt` is read as `/Users/dev/project/notes.txt`: the same folders on another system.
    const raw = field.text.trim();
    const text = WINDOWS_DRIVE_PATH.test(raw) ? raw.slice(2).replace(/\\/g, '/') : raw;
    if (OPTION_VALUE.test(text) || (SUBCOMMAND_KEYS.has(field.key) && READ_SUBCOMMAND.test(text))) continue;
    if (!isPathShaped(text) && !/^[\w-]+\.\w{1,8}$/.test(text)) return false;
    // An absolute path inside a usual checkout or app folder (`/srv/app/docs/intro.md`) is a project file too.
    const relative = PROJECT_ROOT.exec(text);
    const inside = relative === null ? text : text.slice(relative[0].length);
    if (!PROJECT_FILE.test(inside) || NOT_PROJECT.test(text)) return false;
    paths++;
  }
  return paths > 0;
}

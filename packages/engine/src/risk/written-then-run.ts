// A file written and used by the same call: `{files: [{path: "/tmp/c.sh", content: "…"}],
// postCommand: "sh /tmp/c.sh"}`, a playbook or payment run in YAML handed to its program, Terraform
// files applied, a Dockerfile built. What the file holds is what the command does: a script is read
// as shell, YAML and JSON as more fields of the call, Terraform for the grants it applies. A file
// written and never used by a command of the call is judged by where it is written, as before.

import { isAdminGrant } from './hidden-shell.ts';
import { parseJsonText } from './inner-calls.ts';
import type { PayloadFields, StringField } from './payload-fields.ts';
import { readYamlDocuments } from './yaml-lite.ts';

/** Keys that name the written file beside its content. */
const FILE_KEYS = ['path', 'file', 'filename', 'file_path', 'filepath', 'name', 'target'];
const SCRIPT_FILE = /\.(?:sh|bash|zsh|ksh|ps1|psm1|bat|cmd)$/i;
/** Terraform resources that bind a policy or role (the SDK's grant calls, declared). */
const GRANT_RESOURCE =
  /\bresource\s+"(?:aws_iam_\w*policy_attachment|aws_iam_\w*policy|google_\w*iam_(?:binding|member|policy)|azurerm_role_assignment|kubernetes_cluster_role_binding\w*)"/;
const TERRAFORM_APPLY = /\b(?:terraform|tofu)\b[^\n;&|]*\bapply\b/;

/** What the files a call writes and then uses do. */
export interface WrittenThenRun {
  /** Scripts the call runs, to read as shell. */
  scripts: string[];
  /** Documents (YAML, JSON) handed to a program, to read as fields. */
  documents: unknown[];
  /** Why applied Terraform grants administrator access, when it does. */
  adminGrant?: string;
}

/** The scripts and documents a call writes and runs in one go, or undefined when it does none. */
export function writtenThenRun(
  fields: PayloadFields,
  contentKeys: ReadonlySet<string>,
  commandKeys: ReadonlySet<string>,
): WrittenThenRun | undefined {
  let commands: string[] | undefined;
  let found: WrittenThenRun | undefined;
  for (const field of fields.strings) {
    if (!contentKeys.has(field.key) || field.holder === undefined || field.text.length > 65536) continue;
    const path = fileNameOf(field);
    if (path === undefined) continue;
    commands ??= fields.strings.filter((other) => commandKeys.has(other.key) && !contentKeys.has(other.key)).map((other) => other.text);
    if (commands.length === 0) return undefined;
    const base = path.replace(/^.*[\\/]/, '');
    const named = commands.some((command) => command.includes(path) || (base.length > 2 && command.includes(base)));
    const applied = /\.tf$/i.test(path) && commands.some((command) => TERRAFORM_APPLY.test(command));
    const built = base === 'Dockerfile' && commands.some((command) => /\bdocker\s+(?:build|buildx)\b/.test(command));
    if (!named && !applied && !built) continue;
    found ??= { scripts: [], documents: [] };
    const text = field.text;
    if (SCRIPT_FILE.test(path) || text.startsWith('#!') || commands.some((command) => runsFile(command, path))) found.scripts.push(text);
    else if (/\.ya?ml$/i.test(path)) found.documents.push(...readYamlDocuments(text));
    else if (/\.json$/i.test(path)) {
      const parsed = parseJsonText(text);
      if (parsed !== undefined) found.documents.push(parsed);
    } else if (applied && GRANT_RESOURCE.test(text) && isAdminGrant(text))
      found.adminGrant = `Terraform in \`${base.slice(0, 60)}\` applied with an administrator policy or role`;
  }
  return found;
}

/** Whether a command hands the file to a shell or runs it (`bash /tmp/.x`, `. ./env.sh`, `/tmp/x`). */
function runsFile(command: string, path: string): boolean {
  let at = command.indexOf(path);
  while (at >= 0) {
    const before = command.slice(Math.max(0, at - 16), at);
    if (/(?:^|[\s;&|(])(?:(?:ba|z|k|da)?sh|source|\.|exec|sudo)\s+(?:-\w+\s+)*$/.test(before) || /(?:^|[;&|]\s*)$/.test(before))
      return true;
    at = command.indexOf(path, at + path.length);
  }
  return false;
}

function fileNameOf(field: StringField): string | undefined {
  const holder = field.holder as Record<string, unknown>;
  for (const key of FILE_KEYS) {
    const value = holder[key];
    if (typeof value === 'string' && value.trim() !== '' && value.length < 1024) return value.trim();
  }
  return undefined;
}

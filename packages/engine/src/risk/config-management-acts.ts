// Configuration management runs commands and removes files on every host it targets: an Ansible
// ad-hoc command (`ansible all -m shell -a 'rm -rf /srv/*'`), an inline task (`file: {path: /data,
// state: absent}`), a Salt function (`cmd.run`, `file.remove`, a `file.absent` state), a Puppet
// resource (`file { '/etc': ensure => absent }`), a Chef resource (`directory '…' do action :delete`)
// or a Bolt command. Each is read as the shell line it amounts to (a removal is `rm -rf <path>`), and
// that line is judged by the shell rules. Tasks that install, ping or remove a lock file stay as they are.

import { payloadObjects } from './payload-objects.ts';

/** Modules and functions whose argument is a command line. */
const COMMAND_MODULES = /^(?:ansible\.(?:builtin|legacy)\.)?(?:shell|command|raw|script)$|^cmd\.(?:run|shell|run_all|run_stdout|script)$/;
/** Modules and functions whose argument is a path to remove. */
const REMOVE_FUNCTIONS = /^file\.(?:remove|rmdir|absent)$/;
const FILE_MODULES = /^(?:ansible\.(?:builtin|legacy)\.)?file$/;
/** Keys under which a task object gives its module (Ansible tool shapes) or a Salt function. */
const MODULE_KEYS = ['module', 'module_name', 'fun', 'function', 'salt_function'];
/** Keys under which the module's argument is given. */
const ARG_KEYS = ['args', 'module_args', 'arg', 'argument', 'arguments', 'cmd', 'command', 'free_form'];
/** Keys only an Ansible task has beside its module. */
const TASK_OWN_KEYS = new Set([
  'name',
  'become',
  'when',
  'register',
  'hosts',
  'tags',
  'loop',
  'with_items',
  'delegate_to',
  'ignore_errors',
  'changed_when',
  'notify',
]);
/** Keys of a file module's target. */
const PATH_KEYS = ['path', 'dest', 'name', 'target'];

/** `key=value` pairs of an Ansible argument string (`path=/data state=absent`), values unquoted. */
function keyValues(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of text.slice(0, 4096).matchAll(/(\w+)=(?:'([^']*)'|"([^"]*)"|(\S+))/g))
    out.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4]);
  return out;
}

const quoted = (path: string): string => `'${path.replace(/'/g, `'\\''`)}'`;
const removal = (path: string): string => `rm -rf ${quoted(path)}`;

/** The shell line an Ansible module with its argument amounts to, or undefined. */
export function ansibleModuleLine(module: string, args: unknown): string | undefined {
  const name = module.trim().toLowerCase();
  if (COMMAND_MODULES.test(name)) {
    if (typeof args === 'string') return args;
    if (Array.isArray(args) && args.every((item) => typeof item === 'string')) return args.join(' ');
    if (args !== null && typeof args === 'object') {
      const value = (args as Record<string, unknown>).cmd ?? (args as Record<string, unknown>).argv;
      if (typeof value === 'string') return value;
      if (Array.isArray(value)) return value.map(String).join(' ');
    }
    return undefined;
  }
  if (REMOVE_FUNCTIONS.test(name)) {
    const path = Array.isArray(args) ? args[0] : args;
    return typeof path === 'string' && path.trim() !== '' ? removal(path.trim()) : undefined;
  }
  if (FILE_MODULES.test(name)) {
    let state: unknown;
    let path: unknown;
    if (typeof args === 'string') {
      const pairs = keyValues(args);
      state = pairs.get('state');
      path = PATH_KEYS.map((key) => pairs.get(key)).find((value) => value !== undefined);
    } else if (args !== null && typeof args === 'object' && !Array.isArray(args)) {
      const record = args as Record<string, unknown>;
      state = record.state;
      path = PATH_KEYS.map((key) => record[key]).find((value) => typeof value === 'string');
    }
    return state === 'absent' && typeof path === 'string' && path.trim() !== '' ? removal(path.trim()) : undefined;
  }
  return undefined;
}

/** Lines a Puppet manifest or Chef recipe amounts to: removed files and directories, commands it executes. */
export function manifestLines(text: string): string[] {
  const out: string[] = [];
  if (text.length > 65536) return out;
  if (text.includes('ensure')) {
    // `file { '/etc': ensure => absent, force => true }`: the title is the path unless `path =>` says otherwise.
    for (const match of text.matchAll(/\bfile\s*\{\s*['"]([^'"\n]{1,512})['"]\s*:([^}]{0,2000})\}/g)) {
      if (!/\bensure\s*=>\s*['"]?absent\b/.test(match[2])) continue;
      const path = /\bpath\s*=>\s*['"]([^'"\n]{1,512})['"]/.exec(match[2])?.[1] ?? match[1];
      out.push(removal(path));
    }
  }
  if (text.includes('exec')) {
    for (const match of text.matchAll(/\bexec\s*\{\s*['"]([^'"\n]{1,2000})['"]\s*:([^}]{0,2000})\}/g)) {
      const command = /\bcommand\s*=>\s*['"]([^'"\n]{1,2000})['"]/.exec(match[2])?.[1] ?? match[1];
      out.push(command);
    }
  }
  if (text.includes(':delete')) {
    // `directory '/var/lib/postgresql' do … action :delete end` (Chef), `file '…' do action :delete end`.
    for (const match of text.matchAll(/\b(?:directory|file)\s+['"]([^'"\n]{1,512})['"]\s+do\b([\s\S]{0,2000}?)\bend\b/g))
      if (/\baction\s+:delete\b/.test(match[2])) out.push(removal(/\bpath\s+['"]([^'"\n]{1,512})['"]/.exec(match[2])?.[1] ?? match[1]));
  }
  if (/\b(?:execute|bash|script)\s+['"]/.test(text)) {
    // `execute 'dropdb orders'`, `execute 'x' do command 'rm -rf …' end`, `bash 'x' do code <<-EOH … EOH end`.
    for (const match of text.matchAll(/\bexecute\s+['"]([^'"\n]{1,2000})['"]/g)) out.push(match[1]);
    for (const match of text.matchAll(/\bcommand\s+['"]([^'"\n]{1,2000})['"]/g)) out.push(match[1]);
    if (text.includes('code <<'))
      for (const match of text.slice(0, 16384).matchAll(/\bcode\s+<<-?~?(\w+)\n([\s\S]{0,4000}?)\n\s*\1\b/g)) out.push(match[2]);
  }
  return out;
}

/** Inline tasks and API calls of a payload: the shell lines they amount to (at most 16). */
export function configTaskLines(payload: unknown): string[] {
  const out: string[] = [];
  for (const object of payloadObjects(payload)) {
    if (out.length >= 16) break;
    const keys = Object.keys(object);
    // `{module: "shell", args: "…"}`, `{fun: "cmd.run", arg: ["…"]}`: a tool given a module and its argument.
    const moduleKey = MODULE_KEYS.find((key) => typeof object[key] === 'string');
    if (moduleKey !== undefined) {
      const argKey = ARG_KEYS.find((key) => object[key] !== undefined);
      const line = argKey === undefined ? undefined : ansibleModuleLine(object[moduleKey] as string, object[argKey]);
      if (line !== undefined) out.push(line);
    }
    // `{name: "…", "ansible.builtin.shell": "rm -rf …"}`, `{file: {path, state: absent}}`, `{"file.absent": [{name}]}`.
    for (const key of keys) {
      if (!COMMAND_MODULES.test(key) && !FILE_MODULES.test(key) && !REMOVE_FUNCTIONS.test(key)) continue;
      // A bare `command`/`shell` key is a task's module only beside a task's own keys (`{command: "ls"}` is any tool's field).
      if (COMMAND_MODULES.test(key) && !key.includes('.') && !keys.some((other) => TASK_OWN_KEYS.has(other))) continue;
      let args = object[key];
      // A Salt state's arguments are a list of one-key objects (`[{name: "/var/lib/x"}]`).
      if (REMOVE_FUNCTIONS.test(key) && Array.isArray(args)) {
        const named = args.find(
          (item) => item !== null && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string',
        );
        args = named === undefined ? args : (named as { name: string }).name;
      }
      const line = ansibleModuleLine(key, args);
      if (line !== undefined) out.push(line);
    }
  }
  return out;
}

/** The lines of a configuration-management command line's own words, or undefined when it is none. */
export function configCommandLines(name: string, args: readonly string[]): string[] | undefined {
  if (name === 'ansible') {
    const module = optionValue(args, ['-m', '--module-name']) ?? 'command';
    const moduleArgs = optionValue(args, ['-a', '--args']);
    const line = moduleArgs === undefined ? undefined : ansibleModuleLine(module, moduleArgs);
    return line === undefined ? [] : [line];
  }
  if (name === 'salt' || name === 'salt-ssh' || name === 'salt-call') {
    const at = args.findIndex((arg) => COMMAND_MODULES.test(arg) || REMOVE_FUNCTIONS.test(arg));
    if (at < 0 || at + 1 >= args.length) return [];
    const line = ansibleModuleLine(args[at], COMMAND_MODULES.test(args[at]) ? args.slice(at + 1).join(' ') : args[at + 1]);
    return line === undefined ? [] : [line];
  }
  if (name === 'bolt') {
    // `bolt command run '<line>' --targets all`
    const at = args.indexOf('command');
    return at >= 0 && args[at + 1] === 'run' && args[at + 2] !== undefined ? [args[at + 2]] : [];
  }
  if (name === 'puppet') {
    const code = optionValue(args, ['-e', '--execute']);
    return code === undefined ? [] : manifestLines(code);
  }
  return undefined;
}

function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (names.includes(arg)) return args[i + 1];
    for (const name of names) if (name.startsWith('--') && arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

/** Keys (normalised) that show a payload may carry a configuration-management task. */
const TASK_KEYS =
  /^(?:module|module_name|fun|salt_function|tasks|play|plays|state|ansible_(?:builtin|legacy)_\w+|shell|raw|file|file_absent|file_remove|file_rmdir|cmd_run|cmd_shell)$/;
/** Keys whose text may be a Puppet manifest or a Chef recipe. */
const MANIFEST_KEYS = /recipe|manifest|code|content|script|source|body|text|resource|cookbook/;

/** The shell lines of a call's configuration-management tasks, inline or as manifest text; empty when there are none. */
export function configTaskCommands(
  payload: unknown,
  keys: ReadonlySet<string>,
  strings: ReadonlyArray<{ key: string; text: string }>,
): string[] {
  const out: string[] = [];
  if ([...keys].some((key) => TASK_KEYS.test(key))) out.push(...configTaskLines(payload));
  for (const field of strings) {
    if (out.length >= 16) break;
    if (field.text.length < 12 || !MANIFEST_KEYS.test(field.key)) continue;
    out.push(...manifestLines(field.text));
  }
  return out.slice(0, 16);
}

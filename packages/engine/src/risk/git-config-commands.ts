// Git settings whose value is a shell command git runs later: an alias starting with `!`
// (`git config alias.st '!rm -rf ~ && git status'` runs at the next `git st`), and the programs
// git starts for ssh, paging, editing and credentials (`core.sshCommand`, `core.pager`,
// `core.editor`, `core.fsmonitor`, `sequence.editor`, a `credential.helper` starting with `!`).
// The value is read as the command line it is; `-c key=value` on the command line counts too.

/** Keys whose whole value is a command line. */
const COMMAND_KEYS = /^(?:core\.(?:sshcommand|pager|editor|fsmonitor)|sequence\.editor|pager\.\w+|diff\.external|gpg\.program)$/;
/** Keys whose value is a command line when it starts with `!`. */
const BANG_KEYS = /^(?:alias\.[\w.-]+|credential(?:\.[^=]+)?\.helper)$/;

function commandOf(key: string, value: string): string | undefined {
  const name = key.toLowerCase();
  if (BANG_KEYS.test(name)) return value.startsWith('!') ? value.slice(1) : undefined;
  return COMMAND_KEYS.test(name) ? value : undefined;
}

/** The command lines git settings of this call set (`git config [--global] key value`, `git -c key=value …`). */
export function gitConfigCommands(args: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] !== '-c') continue;
    const at = args[i + 1].indexOf('=');
    const line = at > 0 ? commandOf(args[i + 1].slice(0, at), args[i + 1].slice(at + 1)) : undefined;
    if (line !== undefined) lines.push(line);
  }
  const config = args.indexOf('config');
  if (config >= 0) {
    const operands = args.slice(config + 1).filter((arg) => !arg.startsWith('-'));
    if (operands.length >= 2) {
      const line = commandOf(operands[0], operands[1]);
      if (line !== undefined) lines.push(line);
    }
  }
  return lines.slice(0, 8);
}

// Command lines handed to something that will run them later or elsewhere, written as arguments:
// `npm pkg set scripts.preinstall="curl … | sh"` (npm runs it at the next install), `tmux send-keys
// -t main 'rm -rf /' Enter` and `screen -X stuff 'rm -rf /\n'` (typed into a shell), `az vm
// run-command invoke --scripts "…"` (run on a virtual machine). Each is read as the shell line it is.

const SCRIPT_SETTING = /^scripts\.[\w:-]+=(.+)$/s;
const TMUX_KEY_NAMES = /^(?:Enter|C-m|C-j|KPEnter|Escape|Space|Tab)$/;
const TMUX_VALUE_OPTIONS = new Set(['-t', '-N', '-c']);

/** The command lines a program's arguments hand on to be run (at most 8), or none. */
export function typedCommandLines(name: string, args: readonly string[]): string[] {
  const lines: string[] = [];
  if ((name === 'npm' || name === 'pnpm' || name === 'yarn') && args[0] === 'pkg' && args[1] === 'set') {
    for (const arg of args.slice(2, 18)) {
      const value = SCRIPT_SETTING.exec(arg)?.[1];
      if (value !== undefined) lines.push(value);
    }
  } else if (name === 'tmux') {
    const at = args.findIndex((arg) => arg === 'send-keys' || arg === 'send');
    if (at >= 0) {
      const keys: string[] = [];
      for (let i = at + 1; i < args.length && keys.length < 32; i++) {
        if (TMUX_VALUE_OPTIONS.has(args[i])) i++;
        else if (!args[i].startsWith('-') && !TMUX_KEY_NAMES.test(args[i])) keys.push(args[i]);
      }
      if (keys.length > 0) lines.push(keys.join(' '));
    }
  } else if (name === 'screen') {
    const at = args.indexOf('stuff');
    if (at > 0 && args[at + 1] !== undefined) lines.push(args[at + 1].replace(/(?:\\n|\^M|\r|\n)+$/, ''));
  } else if (name === 'az' && args.includes('run-command')) {
    const at = args.indexOf('--scripts');
    if (at >= 0) for (const script of args.slice(at + 1, at + 9)) if (!script.startsWith('--')) lines.push(script);
  }
  return lines.slice(0, 8);
}

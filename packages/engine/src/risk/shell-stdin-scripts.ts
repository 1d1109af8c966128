// A terminal tool told which shell to start and what to type into it (`{shell: "powershell", input:
// "Add-MpPreference …"}`, `{command: "bash", stdin: "rm -rf …"}`): the shell runs what it is given on
// its input, so that text is the command, not the bare shell's name.

import type { PayloadFields } from './payload-fields.ts';

const SHELLS = /^(?:ba|z|da|k|fi)?sh(?:\.exe)?$|^(?:powershell|pwsh)(?:\.exe)?$|^cmd(?:\.exe)?$/i;
const SHELL_KEYS = new Set(['shell', 'command', 'cmd', 'program', 'interpreter', 'shell_type']);
const INPUT_KEYS = new Set(['input', 'stdin', 'keys', 'text', 'typed', 'send_keys']);

/** The text typed into a shell the call starts by name, or undefined. */
export function shellInputScript(fields: PayloadFields): string | undefined {
  if (!fields.strings.some((field) => !field.inArray && SHELL_KEYS.has(field.key) && SHELLS.test(field.text.trim()))) return undefined;
  return fields.strings.find((field) => !field.inArray && INPUT_KEYS.has(field.key) && field.text.trim() !== '')?.text;
}

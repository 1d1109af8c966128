// Account changes that hand out root-level power: a new account created straight into an
// administrators group (`useradd -G sudo x`: a back door), a second account with uid 0, a root
// password removed or set, a capability that lets a program become root (`cap_setuid`,
// `cap_sys_admin`…). Adding an existing user to `sudo` or `wheel` (`usermod -aG sudo ana`) is a
// routine administration step: high, like every other account change.

import { quote } from './findings.ts';
import type { RuleContext } from './shell-rule-context.ts';

const ADMIN_GROUPS = /^(?:sudo|wheel|admin|admins|root|sudoers|administrators)$/i;
const ROOT_CAPABILITIES =
  /cap_(?:setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace|sys_module|chown|fowner|sys_rawio)\b[^ ]*[=+][a-z]*e/i;
const ACCOUNT_COMMANDS = new Set([
  'useradd',
  'userdel',
  'usermod',
  'passwd',
  'chpasswd',
  'adduser',
  'deluser',
  'visudo',
  'groupadd',
  'gpasswd',
  'addgroup',
  'setcap',
]);

/** Rules for account and capability commands; true when the name was one of them. */
export function accountRule(c: RuleContext): boolean {
  if (!ACCOUNT_COMMANDS.has(c.name)) return false;
  const texts = c.args.map((word) => word.text);
  const line = quote(`${c.name} ${texts.join(' ')}`);
  let done = false;
  const critical = (why: string): void => {
    c.scan.add('critical', `shell: ${why} (${line})`);
    done = true;
  };
  /** The value of an option (`-G sudo`, `--groups=sudo`, `-mG sudo`). */
  const valueOf = (short: string, long: string): string | undefined => {
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i];
      if (text.startsWith(`${long}=`)) return text.slice(long.length + 1);
      if (text === long || (/^-[a-zA-Z]+$/.test(text) && text.endsWith(short))) return texts[i + 1];
    }
    return undefined;
  };
  if (c.name === 'useradd' || c.name === 'usermod') {
    const groups = valueOf('G', '--groups');
    const group = groups?.split(',').find((name) => ADMIN_GROUPS.test(name.trim()));
    if (group !== undefined && c.name === 'useradd') critical(`creates an account in the ${group} group (root-level power)`);
    const uid = valueOf('u', '--uid');
    if (uid !== undefined && /^0+$/.test(uid)) critical('gives an account uid 0 (a second root)');
    const gid = valueOf('g', '--gid');
    if (gid !== undefined && /^(?:0+|root)$/.test(gid) && c.name === 'useradd') critical('creates an account in the root group');
  } else if (c.name === 'passwd') {
    if (texts.some((text) => /^-\w*d\w*$|^--delete$/.test(text))) critical('removes an account password (login without one)');
  } else if (c.name === 'chpasswd') {
    if (c.site.stdinText !== undefined && /(?:^|\n)\s*root:/.test(c.site.stdinText)) critical('sets the root password');
  } else if (c.name === 'setcap') {
    if (texts.some((text) => ROOT_CAPABILITIES.test(text))) critical('gives a program a capability that makes it root');
  }
  if (!done) c.scan.add('high', `shell: changes user accounts (${c.name})`);
  return true;
}

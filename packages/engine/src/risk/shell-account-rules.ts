// Account changes that hand out root-level power: adding a user to an administrators group
// (`sudo`, `wheel`, `admin`, `root`; not `docker`, which is root by another name but which every
// Docker set-up guide adds its user to, so it stays high), a second account with uid 0, a root password removed or set, a capability that
// lets a program become root (`cap_setuid`, `cap_sys_admin`…). Other account changes stay high.

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
  'pw',
  'dscl',
]);

function groupsIn(value: string): string | undefined {
  return value.split(',').find((group) => ADMIN_GROUPS.test(group.trim()));
}

/** Rules for account and capability commands; true when the name was one of them. */
export function accountRule(c: RuleContext): boolean {
  if (!ACCOUNT_COMMANDS.has(c.name)) return false;
  const texts = c.args.map((word) => word.text);
  const line = quote(`${c.name} ${texts.join(' ')}`);
  const critical = (why: string): boolean => {
    c.scan.add('critical', `shell: ${why} (${line})`);
    return true;
  };
  const valueOf = (...flags: string[]): string | undefined => {
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i];
      for (const flag of flags) {
        if (text === flag) return texts[i + 1];
        if (flag.startsWith('--') && text.startsWith(`${flag}=`)) return text.slice(flag.length + 1);
        // `-aG sudo`: a short flag at the end of a cluster takes the next word.
        if (!flag.startsWith('--') && /^-[a-zA-Z]+$/.test(text) && text.endsWith(flag.slice(1)) && text.length > 2) return texts[i + 1];
      }
    }
    return undefined;
  };
  let done = false;
  if (c.name === 'useradd' || c.name === 'usermod' || c.name === 'adduser') {
    const groups = valueOf('-G', '--groups', '-g', '--gid', '--ingroup');
    const group = groups === undefined ? undefined : groupsIn(groups);
    if (group !== undefined) done = critical(`adds an account to the ${group} group (root-level power)`);
    const uid = valueOf('-u', '--uid');
    if (uid !== undefined && /^0+$/.test(uid)) done = critical('gives an account uid 0 (a second root)');
    if (groups !== undefined && /^0+$/.test(groups)) done = critical('gives an account the root group');
    // `adduser bob sudo`: the second operand is the group.
    const operands = texts.filter((text) => !text.startsWith('-'));
    if (c.name === 'adduser' && operands.length === 2 && ADMIN_GROUPS.test(operands[1]))
      done = critical(`adds an account to the ${operands[1]} group (root-level power)`);
  } else if (c.name === 'gpasswd') {
    const member = valueOf('-a', '--add', '-M', '--members');
    const operands = texts.filter((text) => !text.startsWith('-') && text !== member);
    const group = operands.find((text) => ADMIN_GROUPS.test(text));
    if (member !== undefined && group !== undefined) done = critical(`adds an account to the ${group} group (root-level power)`);
  } else if (c.name === 'addgroup') {
    const operands = texts.filter((text) => !text.startsWith('-'));
    if (operands.length === 2 && ADMIN_GROUPS.test(operands[1]))
      done = critical(`adds an account to the ${operands[1]} group (root-level power)`);
  } else if (c.name === 'passwd') {
    if (texts.some((text) => /^-\w*d\w*$|^--delete$/.test(text))) done = critical('removes an account password (login without one)');
  } else if (c.name === 'chpasswd') {
    if (c.site.stdinText !== undefined && /(?:^|\n)\s*root:/.test(c.site.stdinText)) done = critical('sets the root password');
  } else if (c.name === 'setcap') {
    if (texts.some((text) => ROOT_CAPABILITIES.test(text))) done = critical('gives a program a capability that makes it root');
  }
  if (!done) c.scan.add('high', `shell: changes user accounts (${c.name})`);
  return true;
}

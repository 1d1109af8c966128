// Commands that remove a machine's protections or its record of what happened: flushing or
// switching off the firewall, switching off SELinux, AppArmor, audit or intrusion detection,
// stopping the shell's history file, vacuuming the system journal, removing every cron job.
// Each leaves the machine open or hides what follows, so a human decides. Ordinary changes
// (one firewall rule, `history -c` of the current session) stay high.

import { quote } from './findings.ts';
import { scheduledFoothold } from './startup-footholds.ts';
import type { RuleContext } from './shell-rule-context.ts';
import type { ShellScan } from './shell-scan.ts';

/** Services whose stop leaves the machine unguarded or unrecorded. */
const GUARD_SERVICES =
  /^(?:firewalld|ufw|iptables|ip6tables|nftables|netfilter-persistent|apparmor|auditd|fail2ban|sshguard|falco|clamav-daemon|clamd|osqueryd|wazuh-agent|ossec|crowdstrike|falcon-sensor|sentinelone|mdatp|aide|rsyslog|syslog|syslog-ng|systemd-journald)(?:\.service)?$/;
/** Cron lines: five time fields (or an `@` macro) then the command. */
const CRON_LINE =
  /^\s*(?:@(?:reboot|yearly|annually|monthly|weekly|daily|hourly|midnight)|(?:[\d*/,-]+|[A-Za-z]{3})(?:\s+(?:[\d*/,-]+|[A-Za-z]{3})){4})\s+(\S.*)$/;

/** Rules for firewall, security-module, audit, journal, history and crontab commands; true when the name was one of them. */
export function protectionRule(c: RuleContext): boolean {
  const texts = c.args.map((word) => word.text);
  const add = (why: string): void => c.scan.add('critical', `shell: ${why} (${quote(`${c.name} ${texts.join(' ')}`)})`);
  switch (c.name) {
    case 'iptables':
    case 'ip6tables':
    case 'iptables-legacy':
    case 'iptables-nft':
      if (texts.some((text) => text === '-F' || text === '--flush' || text === '-X')) add('flushes every firewall rule');
      else if (
        texts.some(
          (text, i) =>
            (text === '-P' || text === '--policy') && /^(?:INPUT|FORWARD)$/.test(texts[i + 1] ?? '') && texts[i + 2] === 'ACCEPT',
        )
      )
        add('sets the firewall to accept everything');
      else c.scan.add('high', `shell: changes the firewall (${c.name})`);
      return true;
    case 'ufw':
      if (texts.some((text) => text === 'disable' || text === 'reset') || /default allow (?:incoming|routed)/.test(texts.join(' ')))
        add('switches the firewall off');
      else c.scan.add('high', `shell: changes the firewall (${c.name})`);
      return true;
    case 'nft':
      if (/\bflush\s+ruleset\b|\bdelete\s+table\b/.test(texts.join(' '))) add('flushes every firewall rule');
      else c.scan.add('high', `shell: changes the firewall (${c.name})`);
      return true;
    case 'setenforce':
      if (texts.some((text) => text === '0' || /^permissive$/i.test(text))) add('switches SELinux enforcement off');
      else c.scan.add('high', 'shell: changes SELinux enforcement');
      return true;
    case 'aa-teardown':
    case 'aa-disable':
      add('switches AppArmor off');
      return true;
    case 'auditctl':
      if (texts.some((text, i) => text === '-D' || (text === '-e' && texts[i + 1] === '0'))) add('switches the audit record off');
      else c.scan.add('high', 'shell: changes audit rules');
      return true;
    case 'systemctl':
    case 'service': {
      const stops = texts.some((text) => /^(?:stop|disable|mask|kill)$/.test(text));
      const guard = texts.find((text) => GUARD_SERVICES.test(text));
      // `systemctl enable --now /tmp/.x/u.service`, `systemctl link /dev/shm/u.service`: a unit from a folder anyone writes starts at boot.
      const planted = texts.some((text) => text === 'enable' || text === 'link')
        ? texts.find((text) => /^(?:\/(?:tmp|var\/tmp|dev\/shm)\/|.*\/\.[\w.-]+\/[^/]*\.(?:service|timer)$)/.test(text))
        : undefined;
      if (stops && guard !== undefined) add(`stops the ${guard} guard`);
      else if (planted !== undefined) add(`starts at boot a unit from a temporary or hidden folder (${planted})`);
      else if (stops || texts.includes('enable')) c.scan.add('high', `shell: changes system services (${c.name})`);
      return true;
    }
    case 'launchctl': {
      // macOS's service manager, read like systemctl: a job from a temporary or hidden folder, or one
      // posing as Apple's in a user's own folder (Apple installs none there), starts at every login.
      const loads = texts.some((text) => /^(?:load|bootstrap|enable|submit)$/.test(text));
      const planted = loads
        ? texts.find(
            (text) =>
              /^(?:\/(?:tmp|private\/tmp|var\/tmp|Users\/Shared)\/|.*\/\.[\w.-]+\/[^/]*\.plist$)/.test(text) ||
              /(?:^~|^\/Users\/[^/]+)\/Library\/Launch(?:Agents|Daemons)\/com\.apple\.[^/]*\.plist$/.test(text),
          )
        : undefined;
      const submitted = texts.includes('submit') ? texts.slice(texts.indexOf('--') + 1).join(' ') : '';
      if (planted !== undefined)
        add(`starts at every login a job from a temporary or hidden folder, or one posing as Apple's (${planted})`);
      else if (submitted !== '' && texts.includes('--') && scheduledFoothold(submitted))
        add('keeps alive a job that downloads, connects out or runs a hidden or temporary program');
      else if (loads) c.scan.add('high', `shell: starts or enables a launch job (${c.name})`);
      if (submitted !== '' && texts.includes('--')) c.scan.nested(submitted, 'launchctl submit');
      return true;
    }
    case 'sysctl':
      if (
        /kernel\.(?:randomize_va_space|yama\.ptrace_scope|kptr_restrict|dmesg_restrict|core_pattern)\s*=\s*(?:0|\|)/.test(texts.join(' '))
      )
        add('switches off a kernel protection');
      else if (texts.some((text) => text === '-w' || text.includes('='))) c.scan.add('high', 'shell: changes kernel settings (sysctl)');
      return true;
    case 'journalctl':
      if (texts.some((text) => /^--vacuum-(?:time|size|files)\b/.test(text))) add('erases the system journal');
      return true;
    case 'unset':
      if (texts.some((text) => /^HIST(?:FILE|SIZE|FILESIZE)$/.test(text))) add('stops the shell history record');
      return true;
    case 'export':
    case 'declare':
    case 'typeset':
      for (const text of texts) historyAssignment(c.scan, text);
      return true;
    case 'set':
      if (texts.some((text, i) => text === '+o' && texts[i + 1] === 'history')) add('stops the shell history record');
      return true;
    case 'crontab':
      if (texts.some((text) => /^-\w*r/.test(text))) add('removes every scheduled job of the user');
      // `echo '@reboot /opt/.svc/run' | crontab -`: a scheduled foothold, whatever the nested analysis makes of it.
      else if (c.site.stdinText !== undefined && scheduledFoothold(c.site.stdinText))
        add('schedules a download, a raw connection or a hidden or temporary program');
      else c.scan.add('high', 'shell: edits a crontab');
      if (c.site.stdinText !== undefined) for (const command of cronCommands(c.site.stdinText)) c.scan.nested(command, 'crontab entry');
      return true;
    default:
      return false;
  }
}

/** `HISTFILE=/dev/null`, `HISTSIZE=0`: the session leaves no history. */
export function historyAssignment(scan: ShellScan, text: string): void {
  const match = /^HIST(FILE|SIZE|FILESIZE)=(.*)$/.exec(text);
  if (match === null) return;
  if ((match[1] === 'FILE' && (match[2] === '' || match[2] === '/dev/null')) || (match[1] !== 'FILE' && /^0*$/.test(match[2])))
    scan.add('critical', `shell: stops the shell history record (${quote(text)})`);
}

/** The commands of the cron lines in a text (what a crontab will run later). */
export function cronCommands(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n').slice(0, 64)) {
    const match = CRON_LINE.exec(line);
    if (match) out.push(match[1]);
  }
  return out;
}

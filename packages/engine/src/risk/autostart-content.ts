// What a write to a start-up place will run. A line added to `~/.zshrc`, a systemd unit, a cron
// entry or a launchd job runs at every login or boot, so what it runs decides the class: a
// download, a raw connection, a decoder, an interpreter's inline code, a program in a temporary
// folder or a hidden file is a foothold (critical); an alias, a variable or an ordinary program
// path is an everyday change (high), unless it takes the name of a command people type (`alias
// sudo=…`). A write whose content the call does not show stays critical.

import { onlySetsVariables } from './shell-rule-context.ts';
import { analyzeShell } from './shell.ts';
import { startupFoothold } from './startup-footholds.ts';

/**
 * Start-up places whose content is read here (see paths.ts criticalWriteTarget): shell start-up
 * files, which developers edit every day. A service, launchd or cron definition stays critical
 * whatever it holds: it is rarely an agent's job and starts a program as a system service.
 */
const AUTOSTART_KINDS = new Set(['shell start-up file']);
/** An alias or function that takes the name of a command people type (`alias sudo=…`, `ls() { … }`), unless it only adds options to it. */
const HIJACK =
  /(?:^|[;\n])\s*(?:alias\s+(sudo|su|ssh|scp|passwd|login|git|ls|cd|cat|rm|cp|mv|curl|wget|python3?|pip3?|npm|node|docker|kubectl)=['"]?(\S+)|(?:function\s+)?(sudo|su|ssh|scp|passwd|git|ls|cd|cat|rm|cp|mv|curl|wget|python3?|pip3?|npm|node|docker|kubectl)\s*\(\s*\)\s*\{)/;
/** Fields that hold what a file tool writes. */
export const CONTENT_KEYS = new Set([
  'content',
  'contents',
  'text',
  'data',
  'insert',
  'body',
  'append',
  'line',
  'lines',
  'new_str',
  'new_string',
  'new_text',
  'value',
]);

/** Whether this kind of write target runs its content at start-up. */
export function runsAtStartup(kind: string): boolean {
  return AUTOSTART_KINDS.has(kind);
}

/** The class of writing `content` to a start-up place of `kind`. */
export function autostartContentClass(kind: string, content: string): 'critical' | 'high' {
  if (content.length > 16384 || startupFoothold(content)) return 'critical';
  if (kind === 'shell start-up file') {
    if (onlySetsVariables(content)) return 'high';
    const hijack = HIJACK.exec(content);
    if (hijack !== null && (hijack[3] !== undefined || hijack[2].replace(/['"]/g, '') !== hijack[1])) return 'critical';
    return analyzeShell(content).class === 'critical' ? 'critical' : 'high';
  }
  return 'high';
}

// Jobs handed to a scheduler through its fields rather than a crontab line: `/tools/cron/add
// {schedule: "@reboot", command: "/tmp/.x/agent"}`, `/tools/scheduler/create {when: "*/5 * * * *",
// task: "…"}`. What the job runs is read as a shell command and runs unattended at every boot or on
// every tick: critical when the command is critical on its own or is a foothold (a raw connection,
// a decoder, inline code, a program in a temporary folder or hidden in a system folder); any other
// scheduled command is high.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';
import { analyzeShell } from './shell.ts';
import { scheduledFoothold } from './startup-footholds.ts';
import { pathWordTest } from './path-word-tests.ts';

const SCHEDULER_WORDS = new Set([
  'cron',
  'crontab',
  'crons',
  'cronjob',
  'cronjobs',
  'schedule',
  'scheduler',
  'schedules',
  'timer',
  'timers',
]);
/** Keys that hold when a job runs. */
const WHEN_KEYS = new Set([
  'schedule',
  'cron',
  'cron_expression',
  'cronexpression',
  'when',
  'trigger',
  'at',
  'interval',
  'every',
  'frequency',
  'on',
]);
/** Keys that hold what a job runs. */
const JOB_KEYS = new Set([
  'command',
  'cmd',
  'task',
  'run',
  'exec',
  'script',
  'job',
  'program',
  'executable',
  'entrypoint',
  'action',
  'shell',
]);
/** `@reboot`, `@daily`, or a five-field cron expression. */
const SCHEDULE_VALUE = /^@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)$|^(?:[\d*/,-]+\s+){4}[\d*/,a-z-]+$/i;

/** Whether the tool path names a scheduler. */
const namesScheduler = pathWordTest(SCHEDULER_WORDS);
const WHEN_KEY_LIST = [...WHEN_KEYS];

/** Adds findings for a job scheduled through a tool's fields. */
export function assessScheduledJob(toolPath: string, fields: PayloadFields, findings: Findings): void {
  const scheduled =
    namesScheduler(toolPath) ||
    (WHEN_KEY_LIST.some((key) => fields.keys.has(key)) &&
      fields.strings.some((field) => WHEN_KEYS.has(field.key) && field.text.length <= 64 && SCHEDULE_VALUE.test(field.text.trim())));
  if (!scheduled) return;
  for (const field of fields.strings) {
    if (!JOB_KEYS.has(field.key) || field.inArray || field.text.trim() === '' || field.text.length > 16384) continue;
    const text = field.text.trim();
    if (scheduledFoothold(text) || analyzeShell(text).class === 'critical') {
      findings.add('critical', `schedule: a job runs unattended what is dangerous on its own or a foothold (\`${text.slice(0, 60)}\`)`);
      return;
    }
    findings.add('high', `schedule: a job runs a command unattended (\`${text.slice(0, 60)}\`)`);
    return;
  }
}

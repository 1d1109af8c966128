// Commands run inside a container or pod (`docker exec db cat /run/secrets/pw`, `kubectl exec
// web -- rm -rf /data`): the inner command is what runs, so it is analysed as shell.

import type { RuleContext } from './shell-rule-context.ts';

/** Options of `docker exec` that take a value. */
const DOCKER_VALUE_OPTIONS = /^(?:-e|--env|--env-file|-u|--user|-w|--workdir|--detach-keys)$/;

/** Analyses the command a `docker|podman|nerdctl exec` or `kubectl|oc exec` runs. */
export function containerExecRule(c: RuleContext): void {
  const texts = c.args.map((word) => word.text);
  if (texts[0] !== 'exec') return;
  let inner: string[] | undefined;
  if (/^(?:docker|podman|nerdctl)$/.test(c.name)) {
    let i = 1;
    while (i < texts.length && texts[i].startsWith('-')) i += DOCKER_VALUE_OPTIONS.test(texts[i]) ? 2 : 1;
    inner = texts.slice(i + 1);
  } else if (/^(?:kubectl|oc)$/.test(c.name)) {
    const dash = texts.indexOf('--');
    if (dash >= 0) inner = texts.slice(dash + 1);
  }
  if (inner === undefined || inner.length === 0) return;
  const quoted = inner.map((text) => (/^[\w./:=,@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`));
  c.scan.nested(quoted.join(' '), `${c.name} exec`);
}

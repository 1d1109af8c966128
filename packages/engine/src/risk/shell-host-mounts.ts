// Containers started with the host's root, `/etc` or `/root` mounted inside (`docker run -v
// /:/host alpine cat /host/etc/shadow`): whoever runs in the container reads and writes the host's
// files as root, so every secret and every system file of the host is theirs.

import { quote } from './findings.ts';
import type { RuleContext } from './shell-rule-context.ts';

const RUNTIMES = /^(?:docker|podman|nerdctl)$/;
/** Host folders whose mount hands over the host. */
const HOST_CONTROL = /^\/(?:etc|root)?\/?$/;

/** The host folder of a `-v`/`--volume` value (`/:/host:ro`) or a `--mount` value (`type=bind,source=/,target=/h`). */
function hostSource(option: string, value: string): string | undefined {
  if (option === '--mount') return /(?:^|,)(?:source|src)=([^,]*)/.exec(value)?.[1];
  const colon = value.indexOf(':');
  return colon > 0 ? value.slice(0, colon) : undefined;
}

/** Adds a critical finding when `docker|podman|nerdctl run|create` mounts the host's root, `/etc` or `/root`. */
export function hostMountRule(c: RuleContext): void {
  if (!RUNTIMES.test(c.name)) return;
  const texts = c.args.map((word) => word.text);
  const sub = texts.findIndex((text) => !text.startsWith('-'));
  if (sub < 0 || (!/^(?:run|create)$/.test(texts[sub]) && !(texts[sub] === 'container' && /^(?:run|create)$/.test(texts[sub + 1] ?? ''))))
    return;
  for (let i = sub + 1; i < texts.length; i++) {
    const match = /^(-v|--volume|--mount)(?:=(.*))?$/.exec(texts[i]);
    if (match === null) continue;
    const value = match[2] ?? texts[i + 1] ?? '';
    const source = hostSource(match[1], value);
    if (source !== undefined && HOST_CONTROL.test(source)) {
      c.scan.add(
        'critical',
        `shell: mounts the host's ${quote(source)} into a container (${c.name} ${texts[sub]}), which hands over the host`,
      );
      return;
    }
  }
}

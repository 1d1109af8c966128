// Containers started with the host's root, `/etc` or `/root` mounted inside (`docker run -v
// /:/host alpine cat /host/etc/shadow`): the container runs as root over the host's files. The
// mount alone is high like any container run (`ls /host` only looks); reading a host secret
// through the mount, or a chroot into it (a root shell on the host), is critical; a command run on
// the mount (`rm -rf /host/etc`) is judged as the same command on the host's paths.

import { quote } from './findings.ts';
import { secretFile } from './secret-files.ts';
import type { RuleContext } from './shell-rule-context.ts';

const RUNTIMES = /^(?:docker|podman|nerdctl)$/;
/** Host folders whose mount hands over the host. */
const HOST_CONTROL = /^\/(?:etc|root)?\/?$/;

/** Host folder and container folder of a `-v`/`--volume` value (`/:/host:ro`) or a `--mount` value (`type=bind,source=/,target=/h`). */
function mountOf(option: string, value: string): { source: string; target: string } | undefined {
  if (option === '--mount') {
    const source = /(?:^|,)(?:source|src)=([^,]*)/.exec(value)?.[1];
    const target = /(?:^|,)(?:target|destination|dst)=([^,]*)/.exec(value)?.[1];
    return source === undefined || target === undefined ? undefined : { source, target };
  }
  const [source, target] = value.split(':');
  return source === undefined || target === undefined || source === '' || target === '' ? undefined : { source, target };
}

/** `docker run` options that take a value (the image is the first word that is neither an option nor its value). */
const RUN_VALUE_OPTIONS = new Set([
  '-v',
  '--volume',
  '--mount',
  '-e',
  '--env',
  '--env-file',
  '--name',
  '-w',
  '--workdir',
  '-u',
  '--user',
  '--network',
  '--net',
  '--entrypoint',
  '-p',
  '--publish',
  '--platform',
  '-l',
  '--label',
  '-h',
  '--hostname',
  '--cpus',
  '-m',
  '--memory',
  '--restart',
  '--pid',
  '--ipc',
  '--cap-add',
  '--cap-drop',
  '--device',
  '--security-opt',
  '--tmpfs',
  '--log-driver',
  '--ulimit',
  '--add-host',
  '--dns',
  '--runtime',
  '--gpus',
  '--pull',
  '--userns',
]);

/** The command a `docker run` line gives its container: the words after the image. */
function containerCommand(texts: string[], start: number): string[] {
  for (let i = start; i < texts.length; i++) {
    const text = texts[i];
    if (text.startsWith('-')) {
      if (RUN_VALUE_OPTIONS.has(text)) i++;
      continue;
    }
    return texts.slice(i + 1, i + 65);
  }
  return [];
}

/** A word quoted for a shell line when it holds spaces or shell characters. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./~*-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Adds a critical finding when a container with the host's root, `/etc` or `/root` mounted reads a host secret through it or chroots into it. */
export function hostMountRule(c: RuleContext): void {
  if (!RUNTIMES.test(c.name)) return;
  const texts = c.args.map((word) => word.text);
  const sub = texts.findIndex((text) => !text.startsWith('-'));
  if (sub < 0) return;
  if (!/^(?:run|create)$/.test(texts[sub]) && !(texts[sub] === 'container' && /^(?:run|create)$/.test(texts[sub + 1] ?? ''))) return;
  for (let i = sub + 1; i < texts.length; i++) {
    const match = /^(-v|--volume|--mount)(?:=(.*))?$/.exec(texts[i]);
    if (match === null) continue;
    const mount = mountOf(match[1], match[2] ?? texts[i + 1] ?? '');
    if (mount === undefined || !HOST_CONTROL.test(mount.source)) continue;
    const source = mount.source.replace(/\/+$/, '');
    const target = mount.target.replace(/\/+$/, '');
    if (target === '') continue;
    const rest = texts.slice(i + 1);
    // A word under the mount point is the host path it maps to (`/host/etc/shadow` is `/etc/shadow`).
    for (const text of rest) {
      if (!text.startsWith(`${target}/`)) continue;
      const hostPath = `${source}/${text.slice(target.length + 1)}`;
      const why = secretFile(hostPath);
      if (why !== undefined) {
        c.scan.add('critical', `shell: reads the host's ${why} ${quote(hostPath)} through a container mount (${c.name} ${texts[sub]})`);
        return;
      }
    }
    // `docker run -v /:/host alpine rm -rf /host/etc`: what the container runs on the mount runs on the host's files.
    const command = containerCommand(texts, sub + 1);
    if (command.some((text) => text === target || text.includes(`${target}/`))) {
      const mapped = command.map((text) => (text === target ? source || '/' : text.split(`${target}/`).join(`${source}/`)));
      c.scan.nested(mapped.map(shellWord).join(' '), `${c.name} ${texts[sub]} with the host's ${source || '/'} mounted`);
    }
    const chroot = rest.indexOf('chroot');
    if (chroot >= 0 && source === '' && rest[chroot + 1]?.replace(/\/+$/, '') === target) {
      c.scan.add(
        'critical',
        `shell: chroots into the host's root mounted in a container, a root shell on the host (${c.name} ${texts[sub]})`,
      );
      return;
    }
  }
}

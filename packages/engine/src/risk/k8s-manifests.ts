// Kubernetes manifests handed to any tool, read as the action they create: objects in the payload
// (`{object: {kind: "CronJob", …}}`, `{resources: [...]}`), YAML or JSON text (`{manifest: "kind:
// DaemonSet…"}`), and a pod spec given to `kubectl run --overrides=`. What they create decides:
// a binding of the cluster's administrator role (or of a role defined alongside with every verb on
// every resource); a workload whose containers take the node (privileged or given SYS_ADMIN, the
// host's root mounted, or its system folders mounted writable); a workload whose command is
// critical on its own, or a scheduled or per-node command that fetches and runs code. A manifest
// applied as a dry run creates nothing: high at most.

import { adminBindingManifest } from './manifest-grants.ts';
import type { PayloadFields } from './payload-fields.ts';
import { scheduledFoothold } from './startup-footholds.ts';
import { readYamlDocuments } from './yaml-lite.ts';

export interface ManifestFinding {
  level: 'critical' | 'high';
  why: string;
}

type Obj = Record<string, unknown>;

const MAX_OBJECTS = 64;
const WORKLOAD_KINDS = new Set(['Pod', 'Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'CronJob', 'ReplicationController']);
/** Kinds that run their command again and again, or on every node. */
const RECURRING_KINDS = new Set(['CronJob', 'DaemonSet']);
/** Host folders whose writable mount hands over the node. */
const HOST_TAKEOVER_PATHS =
  /^\/(?:|etc|root|home|boot|usr|bin|sbin|lib|var|var\/lib|var\/lib\/kubelet|var\/run\/docker\.sock|run\/docker\.sock|run\/containerd(?:\/containerd\.sock)?|var\/run\/crio\/crio\.sock|proc|sys|dev)\/?$/;

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The manifests (objects with `apiVersion` and `kind`) found in a payload: objects, and YAML or JSON text. */
export function manifestsIn(payload: unknown): Obj[] {
  const found: Obj[] = [];
  const stack: Array<{ value: unknown; depth: number }> = [{ value: payload, depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && found.length < MAX_OBJECTS && ++visited < 4000) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      for (const doc of manifestsInText(value)) if (found.length < MAX_OBJECTS) found.push(doc);
      continue;
    }
    if (depth > 6) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    if (!isObj(value)) continue;
    if (typeof value.kind === 'string' && (typeof value.apiVersion === 'string' || isObj(value.spec) || isObj(value.metadata))) {
      if (value.kind === 'List') stack.push({ value: value.items, depth: depth + 1 });
      else found.push(value);
      continue;
    }
    for (const key of Object.keys(value)) stack.push({ value: value[key], depth: depth + 1 });
  }
  return found;
}

/** Manifests written as text: JSON, or YAML with `kind:` (several documents allowed); `--overrides=` JSON pod specs. */
function manifestsInText(text: string): Obj[] {
  if (text.length < 24 || text.length > 256 * 1024) return [];
  const overrides = /^--overrides=(\{[\s\S]*\})$/.exec(text.trim());
  if (overrides !== null) {
    const parsed = parseJson(overrides[1]);
    return isObj(parsed) ? [{ kind: 'Pod', ...parsed }] : [];
  }
  if (!/\bkind\b/.test(text)) return [];
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const parsed = parseJson(trimmed);
    return manifestsIn(parsed);
  }
  if (!/^\s*kind\s*:/m.test(text)) return [];
  return readYamlDocuments(text).flatMap((doc) =>
    isObj(doc) && typeof doc.kind === 'string' ? (doc.kind === 'List' ? manifestsIn(doc.items) : [doc]) : [],
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The pod spec of a workload object (Pod, template of a controller, job template of a CronJob). */
function podSpecOf(manifest: Obj): Obj | undefined {
  const spec = manifest.spec;
  if (!isObj(spec)) return undefined;
  if (manifest.kind === 'Pod') return spec;
  if (manifest.kind === 'CronJob') {
    const job = isObj(spec.jobTemplate) ? spec.jobTemplate.spec : undefined;
    const template = isObj(job) ? job.template : undefined;
    return isObj(template) && isObj(template.spec) ? template.spec : undefined;
  }
  const template = spec.template;
  return isObj(template) && isObj(template.spec) ? template.spec : undefined;
}

/** The containers' command lines (`command` then `args`), each as one shell-readable line. */
export function containerCommands(pod: Obj): string[] {
  const lines: string[] = [];
  for (const container of [...list(pod.initContainers), ...list(pod.containers)]) {
    if (!isObj(container)) continue;
    const words = [...list(container.command), ...list(container.args)].filter((word): word is string => typeof word === 'string');
    if (words.length === 0) continue;
    // `sh -c "…"`: the script is the command; otherwise the words are one line.
    const script = words.findIndex((word, i) => i > 0 && word === '-c' && /(?:^|\/)(?:ba|z|da)?sh$/.test(words[i - 1]));
    lines.push(script >= 0 && words[script + 1] !== undefined ? words[script + 1] : words.map(quoteWord).join(' '));
  }
  return lines;
}

function quoteWord(word: string): string {
  return /^[\w./:=,@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** How a pod takes over its node, or undefined. */
function nodeTakeover(pod: Obj): string | undefined {
  const containers = [...list(pod.initContainers), ...list(pod.containers)].filter(isObj);
  const privileged = containers.some(
    (c) => isObj(c.securityContext) && (c.securityContext.privileged === true || hostCapabilities(c.securityContext)),
  );
  const mounts = new Map<string, boolean>();
  for (const c of containers)
    for (const mount of list(c.volumeMounts))
      if (isObj(mount) && typeof mount.name === 'string')
        mounts.set(mount.name, mount.readOnly === true || mounts.get(mount.name) === true);
  const hostPaths = list(pod.volumes)
    .filter(isObj)
    .map((volume) => ({ name: str(volume.name), path: isObj(volume.hostPath) ? str(volume.hostPath.path) : undefined }))
    .filter((volume) => volume.path !== undefined && HOST_TAKEOVER_PATHS.test(volume.path.replace(/\/+$/, '/') || '/'));
  // The host's root read-only still shows its keys and the kubelet's credentials; other system folders matter when writable.
  const writable = hostPaths.find((volume) => volume.path === '/' || volume.name === undefined || mounts.get(volume.name) !== true);
  if (writable !== undefined) return `mounts the host's \`${writable.path}\`${privileged ? ' in a privileged container' : ''}`;
  if (privileged && (pod.hostPID === true || pod.hostIPC === true)) return "runs a privileged container in the host's process space";
  // A privileged container (or one given SYS_ADMIN) sees the node's devices: it can mount the host's disk.
  if (privileged) return 'runs a privileged container (root on the node)';
  return undefined;
}

/** Capabilities that make a container as strong as a privileged one. */
function hostCapabilities(context: Obj): boolean {
  const capabilities = context.capabilities;
  return (
    isObj(capabilities) &&
    list(capabilities.add).some(
      (cap) => typeof cap === 'string' && /^(?:CAP_)?(?:SYS_ADMIN|ALL|SYS_MODULE|SYS_PTRACE|DAC_READ_SEARCH)$/i.test(cap),
    )
  );
}

/** A role of the payload granting every verb on every resource, by name. */
function wildcardRoles(manifests: Obj[]): Set<string> {
  const names = new Set<string>();
  for (const manifest of manifests) {
    if (manifest.kind !== 'ClusterRole' && manifest.kind !== 'Role') continue;
    const all = list(manifest.rules).some(
      (rule) =>
        isObj(rule) && list(rule.verbs).includes('*') && (list(rule.resources).includes('*') || list(rule.nonResourceURLs).includes('*')),
    );
    const name = isObj(manifest.metadata) ? str(manifest.metadata.name) : undefined;
    if (all && name !== undefined) names.add(name);
  }
  return names;
}

/**
 * What the manifests of a payload create that is critical, judged by `judgeCommand` for container
 * commands (the shell rules). `dryRun`: the call only validates them (high at most).
 */
export function assessManifests(
  payload: unknown,
  fields: PayloadFields,
  dryRun: boolean,
  judgeCommand: (line: string) => 'critical' | 'other',
): ManifestFinding[] {
  // A manifest has a `kind` key, or is text that says `kind` (YAML, JSON, `--overrides=`): other calls are not walked.
  if (
    !fields.keys.has('kind') &&
    !fields.strings.some((field) => field.text.length >= 24 && (field.text.includes('kind') || field.text.startsWith('--overrides=')))
  )
    return [];
  const manifests = manifestsIn(payload);
  if (manifests.length === 0) return [];
  const out: ManifestFinding[] = [];
  const level = dryRun ? 'high' : 'critical';
  const suffix = dryRun ? ' (as a dry run: nothing is created)' : '';
  const everything = wildcardRoles(manifests);
  for (const manifest of manifests) {
    const kind = String(manifest.kind);
    if (kind === 'ClusterRoleBinding' || kind === 'RoleBinding') {
      const role = isObj(manifest.roleRef) ? str(manifest.roleRef.name) : undefined;
      const admin = adminBindingManifest(JSON.stringify(manifest));
      if (admin !== undefined) out.push({ level, why: `applies a ${admin}${suffix}` });
      else if (role !== undefined && everything.has(role))
        out.push({ level, why: `applies a ${kind} to \`${role}\`, a role with every verb on every resource${suffix}` });
      continue;
    }
    if (!WORKLOAD_KINDS.has(kind)) continue;
    const pod = podSpecOf(manifest);
    if (pod === undefined) continue;
    const takeover = nodeTakeover(pod);
    if (takeover !== undefined) out.push({ level, why: `creates a ${kind} that ${takeover}${suffix}` });
    for (const line of containerCommands(pod)) {
      if (judgeCommand(line) === 'critical')
        out.push({ level, why: `creates a ${kind} whose command is critical (\`${line.slice(0, 80)}\`)${suffix}` });
      else if (RECURRING_KINDS.has(kind) && fetchesAndRuns(line))
        out.push({ level, why: `creates a ${kind} that fetches and runs code (\`${line.slice(0, 80)}\`)${suffix}` });
      else if (RECURRING_KINDS.has(kind) && scheduledFoothold(line))
        out.push({ level, why: `creates a ${kind} whose command is a foothold (\`${line.slice(0, 80)}\`)${suffix}` });
    }
  }
  return out;
}

/** A download fed to an interpreter (`curl … | sh`, `python -c "$(curl …)"`, `wget -O- … | bash`). */
function fetchesAndRuns(line: string): boolean {
  return (
    /\b(?:curl|wget|fetch|iwr|Invoke-WebRequest)\b[^|;&]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:curl|wget)\b[^|;&]*\|\s*(?:python\d?|perl|ruby|node)\b/.test(
      line,
    ) || /\b(?:(?:ba|z|da)?sh|python\d?|perl|ruby|node)\s+-[ce]\s+["']?\$\((?:curl|wget)\b/.test(line)
  );
}

/** Whether the call asks only for a dry run (`dry_run: "server"`, `dryRun: true`, `--dry-run=client`). */
export function dryRunRequested(payload: unknown, fields: PayloadFields): boolean {
  if (!isObj(payload) || !fields.keys.has('dry_run')) return false;
  for (const [key, value] of Object.entries(payload)) {
    if (!/^dry[-_]?run$/i.test(key)) continue;
    if (value === true || (typeof value === 'string' && /^(?:true|server|client|all|yes|1)$/i.test(value.trim()))) return true;
  }
  return false;
}

// Kubernetes RBAC manifests handed to any tool (`apply`, `create`, a heredoc into `kubectl apply
// -f -`): a ClusterRoleBinding or RoleBinding whose roleRef is `cluster-admin` (or `admin` on the
// whole cluster), or whose subjects are everyone (`system:anonymous`, `system:unauthenticated`,
// `system:authenticated`), hands the cluster over. YAML and JSON are read by tokens, linearly.

const BINDING_KIND = /["']?kind["']?\s*:\s*["']?(ClusterRoleBinding|RoleBinding)\b/;
/** The roleRef block's name (YAML or JSON), within a short window after `roleRef`. */
const ROLE_REF_NAME = /["']?roleRef["']?\s*:[\s\S]{0,240}?["']?name["']?\s*:\s*["']?([\w:.-]+)/;
const EVERYONE = /["']?name["']?\s*:\s*["']?system:(?:anonymous|unauthenticated|authenticated)\b/;

/** Why a manifest text grants cluster-wide administrator access, or undefined. */
export function adminBindingManifest(text: string): string | undefined {
  if (text.length > 65536 || !text.includes('RoleBinding')) return undefined;
  const kind = BINDING_KIND.exec(text)?.[1];
  if (kind === undefined) return undefined;
  const role = ROLE_REF_NAME.exec(text)?.[1];
  if (role === 'cluster-admin' || (role === 'admin' && kind === 'ClusterRoleBinding'))
    return `${kind} to \`${role}\` (administrator of the cluster)`;
  if (EVERYONE.test(text)) return `${kind} of \`${role ?? 'a role'}\` to every user or anonymous callers`;
  return undefined;
}

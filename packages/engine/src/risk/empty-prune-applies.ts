// `kubectl apply --prune` deletes every object of the selected kinds that the applied manifests do
// not list. Given an empty manifest (`-f /dev/null`, `items: []` on its input, a heredoc or an echo
// with no object in it) and `--all` or a selector, it deletes everything in the namespace: a delete
// dressed as an apply. A manifest with objects in it is the ordinary GitOps prune and is left alone,
// as is input the call does not show (`cat dir/*.yaml | kubectl apply --prune -f -`).

import { type Findings, quote } from './findings.ts';

/** An object in a manifest: a `kind:` that is not a bare list wrapper. */
const OBJECT_KIND = /^\s*(?:-\s+)?["']?kind["']?\s*:\s*["']?(?!List\b)\w/m;
const FILE_OPTION = /^(?:-f|--filename|-k|--kustomize)$/;

/** Whether this manifest text holds no object at all. */
function emptyManifest(text: string): boolean {
  return !OBJECT_KIND.test(text) && !/"kind"\s*:\s*"(?!List")\w/.test(text);
}

/** Adds a critical finding when `kubectl apply --prune` is given a manifest with nothing in it; `inputs` are the call's stdin fields. */
export function assessEmptyPrune(text: string, inputs: readonly string[], findings: Findings): void {
  if (text.length > 65536 || !text.includes('--prune') || !text.includes('apply')) return;
  const statements = text.split(/\n|;|&&|\|\|?/);
  for (let i = 0; i < statements.length; i++) {
    const words = statements[i].trim().split(/\s+/);
    if (!words.some((word) => /(?:^|\/)(?:kubectl|oc)$/.test(word)) || !words.includes('apply') || !words.includes('--prune')) continue;
    if (!words.some((word) => word === '--all' || word === '-l' || word.startsWith('--selector') || word.startsWith('-l='))) continue;
    const at = words.findIndex((word) => FILE_OPTION.test(word));
    const manifest = at >= 0 ? words[at + 1] : words.find((word) => /^--filename=/.test(word))?.slice(11);
    if (manifest === undefined) continue;
    let empty = manifest === '/dev/null' || /(?:^|\/)empty[\w.-]*$/i.test(manifest);
    if (manifest === '-') {
      // The input is known: a stdin field of the call, a heredoc, or an echo/printf piped in.
      const before = statements[i - 1]?.trim() ?? '';
      const literal = /^(?:echo|printf)\b/.test(before) ? [before] : [];
      const heredoc = statements[i].includes('<<') ? [statements.slice(i + 1).join('\n')] : [];
      const known = [...inputs, ...literal, ...heredoc];
      empty = known.length > 0 && known.every(emptyManifest);
    }
    if (empty) {
      findings.add(
        'critical',
        `infrastructure: ${quote(statements[i].trim())} prunes against an empty manifest (deletes everything selected)`,
      );
      return;
    }
  }
}

// A package installed or run from a place that is not a package index: a URL (`pip install
// https://cdn.x.io/p.tar.gz`, `npm install https://x/p.tgz`), a git repository (`pip install
// git+https://github.com/anon/pkg.git`, `npm i github:anon/pkg`, `yarn add git+ssh://…`), or an index
// of someone else's (`pip install --index-url http://mirror.x.top/simple requests`, `npm i --registry
// …`). Installing runs the package's own code (setup.py, install scripts) at once, and `npx`, `pipx
// run --spec`, `uvx --from` run it outright, so it is `curl … | sh` by another name: critical, whoever
// serves it (as a download piped into a shell is). A package named from the registry, a local folder
// or file, the public indexes themselves and the organisation's own servers (`*.internal`, private
// addresses) are left to the other rules.

import { quote } from './findings.ts';
import { foreignHost } from './foreign-destinations.ts';
import { internalHost } from './outside-destinations.ts';
import type { RuleContext } from './shell-rule-context.ts';

const INSTALLERS = /^(?:pip\d?(?:\.\d+)?|uv|pipx|poetry|pdm|pipenv|npm|pnpm|yarn|bun|deno|gem|cargo)$/;
/** Programs that fetch a package and run it at once (`npx github:…`, `uvx --from git+…`). */
const RUNNERS = /^(?:npx|pnpx|bunx|uvx)$/;
/** Sub-commands of pip, pipx, uv and gem that install (or install to run: `pipx run --spec`, `uv tool run --from`). */
const INSTALL_VERBS = new Set(['install', 'add', 'run', 'inject', 'upgrade']);
/** Runtimes that run a script straight from a URL (`deno run https://…`, `bun run https://…`): the URL is the program. */
const URL_RUNTIMES = /^(?:deno|bun)$/;
/** Sub-commands of npm, pnpm, yarn and bun that install, and those that fetch a package and run it. */
const NPM_RUN_VERBS = new Set(['exec', 'dlx', 'x']);
const NPM_VERBS = new Set(['install', 'i', 'in', 'add', 'isntall', ...NPM_RUN_VERBS]);
/** Options whose value is the source or the index (`--index-url URL`, `--spec git+…`, `--registry=URL`). */
const SOURCE_OPTIONS =
  /^(?:-i|--index-url|--extra-index-url|-f|--find-links|--registry|--source|--spec|--from|--index|--default-index|--git)$/;
const URL = /^(?:git\+)?(?:https?|ftp|ssh|git):\/\/(?:[^@/\s]*@)?([^/:?#\s]+)/i;
/** A git source without a scheme (`git@github.com:anon/pkg.git`), or npm's host shorthands (`github:anon/pkg`). */
const SCP_GIT = /^(?:git\+)?[\w.-]+@([\w.-]+):[\w./-]+/;
const HOST_SHORTHAND = /^(github|gitlab|bitbucket|gist):[\w./#-]+/i;
/** npm reads a bare `owner/repo` as a GitHub repository (a scoped `@scope/name` is a registry package). */
const BARE_GITHUB = /^[A-Za-z0-9][\w.-]*\/[\w.-]+(?:#[\w./-]+)?$/;
/** Hosts of the public indexes themselves (a wheel of PyPI's file host, PyTorch's index). */
const INDEX_HOSTS =
  /(?:^|\.)(?:pypi\.org|pythonhosted\.org|npmjs\.org|npmjs\.com|yarnpkg\.com|rubygems\.org|pytorch\.org|pypi\.nvidia\.com|deno\.land|jsr\.io)$/i;

/** Why a package source runs code from a place that is not an index, or undefined. */
export function unvettedPackageSource(text: string, npmLike: boolean): string | undefined {
  const url = URL.exec(text) ?? SCP_GIT.exec(text);
  if (url !== null) {
    const host = url[1].toLowerCase();
    if (internalHost(host) || INDEX_HOSTS.test(host)) return undefined;
    const foreign = foreignHost(host);
    const git = /^git\+|^git:|^ssh:|^[\w.-]+@|\.git(?:[#@]|$)/.test(text);
    return foreign !== undefined ? `${foreign}` : git ? `git repository on ${host}` : `URL on ${host}`;
  }
  const shorthand = HOST_SHORTHAND.exec(text);
  if (shorthand !== null) return `${shorthand[1].toLowerCase()} repository`;
  if (npmLike && BARE_GITHUB.test(text) && !/\.(?:tgz|tar\.gz|tar|zip|whl)$/i.test(text)) return 'GitHub repository';
  return undefined;
}

/** Adds a critical finding when a package manager installs or runs a package from a place that is not an index. */
export function packageUrlInstallRule(c: RuleContext): void {
  let name = c.name;
  let texts = c.args.map((word) => word.text);
  // `python3 -m pip install …` is pip.
  const module = /^python[\d.]*$/.test(name) ? texts.findIndex((text) => text === '-m') : -1;
  if (module >= 0 && /^(?:pip\d?|pipx|uv)$/.test(texts[module + 1] ?? '')) {
    name = texts[module + 1];
    texts = texts.slice(module + 2);
  }
  const runnerProgram = RUNNERS.test(name);
  if (!runnerProgram && !INSTALLERS.test(name)) return;
  const npmLike = /^(?:npm|pnpm|yarn|bun|npx|pnpx|bunx)$/.test(name);
  const urlRun = URL_RUNTIMES.test(name) ? texts.findIndex((text) => text === 'run') : -1;
  // `deno run -A https://…/x.ts`, `bun run https://…`: only a URL is a download here (`bun run scripts/x.ts` is a file).
  if (urlRun >= 0) {
    const script = texts.slice(urlRun + 1).find((text) => !text.startsWith('-'));
    const why = script === undefined ? undefined : unvettedPackageSource(script, false);
    if (why !== undefined && script !== undefined && /^[a-z+]+:\/\//i.test(script))
      c.scan.add('critical', `shell: ${name} runs a script straight from a ${why} (${quote(script)})`);
    return;
  }
  const at = runnerProgram ? -1 : texts.findIndex((text) => (npmLike ? NPM_VERBS : INSTALL_VERBS).has(text));
  if (!runnerProgram && at < 0) return;
  // `npx pkg args…`, `npm exec pkg`, `pnpm dlx pkg`: only the first bare word is the package; the rest are its arguments.
  const runner = runnerProgram || (npmLike && NPM_RUN_VERBS.has(texts[at]));
  let bareSeen = false;
  for (let i = at + 1; i < Math.min(texts.length, at + 33); i++) {
    const text = texts[i];
    const option = /^(--[\w-]+)=(.*)$/.exec(text);
    let source: string | undefined;
    if (option !== null && SOURCE_OPTIONS.test(option[1])) source = option[2];
    else if (SOURCE_OPTIONS.test(text)) source = texts[++i];
    else if (text === '--' || text.startsWith('-')) continue;
    else {
      if (runner && bareSeen) break;
      bareSeen = true;
      source = text;
    }
    if (source === undefined) continue;
    const why = unvettedPackageSource(source, npmLike);
    if (why === undefined) continue;
    c.scan.add('critical', `shell: ${runner ? 'runs' : 'installs'} a package from a ${why} (${quote(source)}); installing runs its code`);
    return;
  }
}

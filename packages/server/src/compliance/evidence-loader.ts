// Loads what control logic reads for a tenant and a period: the journal entries of the period (found
// by binary search on the journal's time order), the state of the approvals they refer to, the
// tenant's findings, and when the logic reads `journal`, a full verification of the journal against
// a freshly signed tree head. Evaluation itself is the engine's pure `evaluateControl`.
import {
  complianceFacts,
  publicKeySet,
  verifyJournal,
  type ComplianceContext,
  type ExportedJournalEntry,
  type JournalFacts,
  type TreeHead,
} from '@actiongate/engine';
import type { JournalService } from '../journal/journal-service.ts';
import { presentEntry } from '../journal/journal-service.ts';
import type { SigningKeyRing } from '../signing-keys.ts';
import type { Store } from '../store/store.ts';

const PAGE = 1000;
/** Entries are journaled in commit order; an entry may carry a time a little before the one ahead of it. */
const ORDER_SLACK_MS = 5 * 60_000;

export class EvidenceLoader {
  constructor(
    private readonly store: Store,
    private readonly keyRing: SigningKeyRing,
    private readonly journal: JournalService,
    private readonly clock: () => number,
  ) {}

  /** The entry at `seq` (1-based), or null past the end. */
  private async entryAt(tenantId: string, seq: number): Promise<ExportedJournalEntry | null> {
    const [row] = await this.store.journal.list(tenantId, seq - 1, 1);
    return row ? (presentEntry(row) as ExportedJournalEntry) : null;
  }

  /** The first seq whose entry's time is at or after `time` (size + 1 when none). */
  async firstSeqAtOrAfter(tenantId: string, time: number, size: number): Promise<number> {
    let lo = 1;
    let hi = size + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const entry = await this.entryAt(tenantId, mid);
      if (entry && Date.parse(entry.time) < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Entries with seq in [from, to], oldest first. */
  async entries(tenantId: string, from: number, to: number): Promise<ExportedJournalEntry[]> {
    const out: ExportedJournalEntry[] = [];
    let after = from - 1;
    while (after < to) {
      const rows = await this.store.journal.list(tenantId, after, Math.min(PAGE, to - after));
      if (rows.length === 0) break;
      for (const row of rows) out.push(presentEntry(row) as ExportedJournalEntry);
      after = rows[rows.length - 1].seq;
    }
    return out;
  }

  /** Entries from `start` (with the slack before it) until past `end` (with the slack after it). */
  private async periodEntries(tenantId: string, start: number, end: number): Promise<ExportedJournalEntry[]> {
    const size = await this.store.journal.size(tenantId);
    const first = await this.firstSeqAtOrAfter(tenantId, start - ORDER_SLACK_MS, size);
    const out: ExportedJournalEntry[] = [];
    let after = first - 1;
    for (;;) {
      const rows = await this.store.journal.list(tenantId, after, PAGE);
      if (rows.length === 0) return out;
      for (const row of rows) {
        const entry = presentEntry(row) as ExportedJournalEntry;
        if (Date.parse(entry.time) > end + ORDER_SLACK_MS) return out;
        out.push(entry);
      }
      after = rows[rows.length - 1].seq;
    }
  }

  /** Verifies the tenant's whole journal against a signed head over all of it. */
  async journalFacts(tenantId: string): Promise<{ facts: JournalFacts; head: TreeHead }> {
    const head = await this.journal.head(tenantId);
    const entries = await this.entries(tenantId, 1, head.tree_size);
    const keys = publicKeySet({ keys: this.keyRing.publicKeys() });
    const result = verifyJournal(entries, { keys, treeHead: head });
    const size = await this.store.journal.size(tenantId);
    return {
      head,
      facts: {
        verified: result.valid && entries.length === head.tree_size,
        reason: result.reason ?? (entries.length === head.tree_size ? null : 'entries are missing under the signed tree head'),
        size,
        signed_size: head.tree_size,
        head_age_hours: (this.clock() - Date.parse(head.timestamp)) / 3_600_000,
      },
    };
  }

  /** The evaluation context of a period; `withJournal` verifies the whole journal (only when the logic reads it). */
  async context(
    tenantId: string,
    start: number,
    end: number,
    options: { withJournal: boolean; inputs?: Record<string, unknown>; context?: Record<string, unknown> | null },
  ): Promise<{ context: ComplianceContext; head: TreeHead | null }> {
    const entries = await this.periodEntries(tenantId, start, end);
    // Approvals referred to by the period's decisions but last changed before it.
    const known = new Set(entries.filter((entry) => entry.type !== 'decision').map((entry) => entry.ref_id));
    const earlier: ExportedJournalEntry[] = [];
    for (const entry of entries) {
      const approvalId = entry.type === 'decision' ? (entry.record.approval_id as string | null) : null;
      if (!approvalId || known.has(approvalId)) continue;
      known.add(approvalId);
      const row = await this.store.journal.findByRef(tenantId, approvalId);
      if (row && Date.parse(row.time) <= end) earlier.push(presentEntry(row) as ExportedJournalEntry);
    }
    let journal: JournalFacts = { verified: false, reason: 'not checked', size: 0, signed_size: 0, head_age_hours: null };
    let head: TreeHead | null = null;
    if (options.withJournal) ({ facts: journal, head } = await this.journalFacts(tenantId));
    const findings = (await this.store.compliance.listFindings(tenantId, null, 10_000)).map((row) => ({
      id: row.id,
      severity: row.severity,
      status: row.status,
      control_id: row.controlId,
    }));
    const ordered = [...earlier.sort((a, b) => a.seq - b.seq), ...entries];
    return {
      head,
      context: complianceFacts({
        entries: ordered,
        periodStart: start,
        periodEnd: end,
        journal,
        findings,
        inputs: options.inputs,
        context: options.context,
      }),
    };
  }
}

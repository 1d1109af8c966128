// The service's Prometheus metrics (prom-client), one registry per app: decisions by verdict,
// deciding stage and mode, decision latency, approvals waiting and resolved, WAL sync time, and
// Node's default process metrics (event-loop lag among them).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StageResult } from '@actiongate/engine';
import type { Store } from '../store/store.ts';
import { walSyncObservers, type WalSyncObserver } from '../store/sqlite/wal-sync.ts';
import { checkpointObservers, type CheckpointObserver } from '../store/sqlite/wal-checkpoint.ts';

/** Latency buckets in seconds: a decision commits with one fdatasync, so most land in 1-20 ms. */
const DECISION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const SYNC_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1];

/**
 * The stage that decided: the first one that did not allow (enforcing or, in shadow mode, the one
 * that would have objected), or `none` when every stage allowed.
 */
export function decidingStage(stages: readonly Pick<StageResult, 'stage' | 'verdict'>[]): string {
  return stages.find((stage) => stage.verdict !== 'allow')?.stage ?? 'none';
}

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly decisions: Counter<'verdict' | 'stage' | 'mode'>;
  private readonly decisionFailures: Counter<never>;
  private readonly decisionSeconds: Histogram<'verdict'>;
  private readonly approvalsResolved: Counter<'outcome'>;
  private readonly walSyncSeconds: Histogram<'result'>;
  private readonly stopListening: () => void;
  private readonly walObserver: WalSyncObserver;
  private readonly checkpointObserver: CheckpointObserver;

  constructor(store: Store, clock: () => number = Date.now) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.decisions = new Counter({
      name: 'actiongate_decisions_total',
      help: 'Answered decisions, by verdict, the stage that decided (`none`: every stage allowed) and mode',
      labelNames: ['verdict', 'stage', 'mode'],
      registers,
    });
    this.decisionFailures = new Counter({
      name: 'actiongate_decision_failures_total',
      help: 'Decision requests that failed closed with a 5xx (nothing decided)',
      registers,
    });
    this.decisionSeconds = new Histogram({
      name: 'actiongate_decision_duration_seconds',
      help: 'Time from receiving a decision request to its durable answer, in seconds',
      labelNames: ['verdict'],
      buckets: DECISION_BUCKETS,
      registers,
    });
    this.approvalsResolved = new Counter({
      name: 'actiongate_approvals_resolved_total',
      help: 'Approvals a human resolved, by outcome (approved, denied)',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'actiongate_approvals_pending',
      help: 'Approvals waiting for a human now (pending and not expired), all tenants',
      registers,
      async collect() {
        this.set(await store.countPendingApprovals(clock()));
      },
    });
    this.walSyncSeconds = new Histogram({
      name: 'actiongate_wal_sync_seconds',
      help: 'Time of each fdatasync of the SQLite WAL that group commits wait for, in seconds',
      labelNames: ['result'],
      buckets: SYNC_BUCKETS,
      registers,
    });
    this.walObserver = (seconds, failed) => this.walSyncSeconds.observe({ result: failed ? 'error' : 'ok' }, seconds);
    walSyncObservers.add(this.walObserver);
    // Issue 15: the SQLite store's checkpoints (wal-checkpoint.ts): a failed one is counted, never silent.
    const checkpoints = new Counter({
      name: 'actiongate_wal_checkpoints_total',
      help: 'Checkpoints of the SQLite WAL by the store, by result (ok, copy_failed, sync_failed)',
      labelNames: ['result'],
      registers,
    });
    const checkpointCopySeconds = new Histogram({
      name: 'actiongate_wal_checkpoint_copy_seconds',
      help: 'Time on the event loop of each checkpoint (its copy; the syncs run on the thread pool), in seconds',
      buckets: SYNC_BUCKETS,
      registers,
    });
    this.checkpointObserver = (report) => {
      checkpoints.inc({ result: report.failed ? `${report.failed}_failed` : 'ok' });
      checkpointCopySeconds.observe(report.copySeconds);
    };
    checkpointObservers.add(this.checkpointObserver);
    // Resolutions come from the committed event log, so every path that resolves one is counted.
    this.stopListening = store.onEvents((events) => {
      for (const event of events) {
        if (event.type === 'approval.approved') this.approvalsResolved.inc({ outcome: 'approved' });
        else if (event.type === 'approval.denied') this.approvalsResolved.inc({ outcome: 'denied' });
      }
    });
  }

  /** A decision was answered after `seconds`. */
  decided(row: { verdict: string; mode: string; stages: readonly Pick<StageResult, 'stage' | 'verdict'>[] }, seconds: number): void {
    this.decisions.inc({ verdict: row.verdict, stage: decidingStage(row.stages), mode: row.mode });
    this.decisionSeconds.observe({ verdict: row.verdict }, seconds);
  }

  /** A decision request failed closed (a 5xx): nothing was decided. */
  decisionFailed(): void {
    this.decisionFailures.inc();
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  close(): void {
    walSyncObservers.delete(this.walObserver);
    checkpointObservers.delete(this.checkpointObserver);
    this.stopListening();
  }
}

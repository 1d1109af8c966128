// Turns committed events into webhook deliveries and sends them. The store's event listener only
// queues the events (a decision never waits for a webhook); a background loop writes one delivery
// per matching webhook, then sends each through undici with timeouts, signs the body, records every
// attempt, and retries failures with backoff (retry-schedule.ts). Deliveries are rows, so a restart
// resumes them where they were.
import { agentTrustState, resolveSettings, type TrustRecord } from '@actiongate/engine';
import { Agent, request } from 'undici';
import { newId } from '../ids.ts';
import type { EventRow } from '../store/event-store.ts';
import type { Store } from '../store/store.ts';
import type { DeliveryRow, WebhookEvent, WebhookRow } from '../store/webhook-store.ts';
import { isPrivateAddress, publicOnlyLookup } from './outbound-address.ts';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './retry-schedule.ts';
import { SIGNATURE_HEADER, signatureOf } from './sign-body.ts';
import { renderBody, type WebhookFacts } from './webhook-bodies.ts';
import { isIP } from 'node:net';

export interface WebhookServiceOptions {
  allowPrivate: boolean;
  publicUrl: string;
  retry?: Partial<RetryPolicy>;
  /** Deadline of one attempt (connect, headers and body), default 10 s. */
  timeoutMs?: number;
  clock?: () => number;
  log?: (error: unknown, message: string) => void;
}

/** Attempts in flight at once. */
const CONCURRENCY = 8;
/** How often the set of tenants with webhooks is re-read (changes made on other nodes). */
const TENANT_REFRESH_MS = 5_000;

/** Deliveries taken per pass of the loop. */
const BATCH = 32;

export class WebhookService {
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly clock: () => number;
  private readonly dispatcher: Agent;
  private queue: EventRow[] = [];
  private tenants = new Set<string>();
  private stopListening: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private tenantRefresh: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private stopped = true;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly options: WebhookServiceOptions,
  ) {
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.clock = options.clock ?? Date.now;
    // The connection-time address check; no redirects are followed (undici's request does not).
    this.dispatcher = new Agent({
      connect: options.allowPrivate ? { timeout: this.timeoutMs } : { timeout: this.timeoutMs, lookup: publicOnlyLookup as never },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.tenants = new Set(await this.store.webhooks.tenantsWithWebhooks());
    this.stopListening = this.store.onEvents((events) => {
      // Runs right after a commit, on the decision's path: only filter and queue here.
      for (const event of events) if (this.tenants.has(event.tenantId)) this.queue.push(event);
      if (this.queue.length > 0) this.wake();
    });
    this.wake(); // deliveries left pending by the last run
    // Webhooks made or deleted through another node sharing the database: re-read which tenants have any.
    this.tenantRefresh = setInterval(() => {
      this.store.webhooks.tenantsWithWebhooks().then(
        (tenants) => (this.tenants = new Set(tenants)),
        () => {}, // the store is down: keep the set we have
      );
    }, TENANT_REFRESH_MS);
    this.tenantRefresh.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    if (this.tenantRefresh) clearInterval(this.tenantRefresh);
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled(this.inFlight);
    await this.dispatcher.close();
  }

  /** The tenant's webhooks changed: start or stop hearing its events. */
  async refreshTenant(tenantId: string): Promise<void> {
    if ((await this.store.webhooks.listWebhooks(tenantId)).length > 0) this.tenants.add(tenantId);
    else this.tenants.delete(tenantId);
  }

  /** An operator changed an agent's state (suspend, revoke, reinstate): tell whoever listens. */
  async agentStateChanged(tenantId: string, change: NonNullable<WebhookFacts['agentChange']>): Promise<void> {
    if (change.from === change.to || !this.tenants.has(tenantId)) return;
    await this.enqueue(tenantId, 'agent.state_changed', 0, { agentChange: change });
  }

  /** Runs the loop now (or again right after the pass in progress). */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass()
      .catch((error) => this.options.log?.(error, 'webhook delivery loop'))
      .finally(() => {
        this.running = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        } else void this.schedule();
      });
  }

  /** Sleeps until the next delivery is due (at most a minute, so a clock jump cannot strand one). */
  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const due = await this.store.webhooks.nextDueAt().catch(() => null);
    const wait = due === null ? 60_000 : Math.max(0, Math.min(60_000, due - this.clock()));
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const events = this.queue;
      this.queue = [];
      for (const event of events) await this.fromEvent(event);
    }
    for (;;) {
      if (this.stopped) return;
      const now = this.clock();
      // Leased for longer than an attempt can take: a crash mid-send retries after the lease.
      const due = await this.store.webhooks.takeDueDeliveries(now, now + 2 * this.timeoutMs + 1000, BATCH);
      if (due.length === 0) return;
      for (const delivery of due) {
        while (this.inFlight.size >= CONCURRENCY) await Promise.race(this.inFlight);
        const attempt = this.attempt(delivery).catch((error) => this.options.log?.(error, 'webhook attempt'));
        this.inFlight.add(attempt);
        void attempt.finally(() => this.inFlight.delete(attempt));
      }
      await Promise.allSettled(this.inFlight);
    }
  }

  /** The webhook events one log event stands for, with the facts their bodies need. */
  private async fromEvent(event: EventRow): Promise<void> {
    const data = event.data;
    const store = this.store;
    switch (event.type) {
      case 'decision.created': {
        const decision = await store.getDecision(event.tenantId, String(data.decision_id));
        if (!decision) return;
        if (decision.verdict === 'BLOCKED') await this.enqueue(event.tenantId, 'decision.blocked', event.seq, { decision });
        // The trust stage saw the agent's state before this decision; its record now may say otherwise.
        const trust = decision.stages.find((stage) => stage.stage === 'trust');
        const before = trust?.data.agent_state;
        if (typeof before === 'string')
          await this.agentAfter(event, decision.agentId, before, `decision ${decision.id} (${decision.verdict})`);
        return;
      }
      case 'approval.created': {
        const approval = await store.getApproval(event.tenantId, String(data.approval_id), this.clock());
        const decision = approval ? await store.getDecision(event.tenantId, approval.decisionId) : null;
        if (approval) await this.enqueue(event.tenantId, 'approval.requested', event.seq, { approval, decision });
        return;
      }
      case 'approval.approved':
      case 'approval.denied': {
        const approval = await store.getApproval(event.tenantId, String(data.approval_id), this.clock());
        if (!approval) return;
        const decision = await store.getDecision(event.tenantId, approval.decisionId);
        const keys = await store.listKeys(event.tenantId, 'customer');
        const decidedByKeyName = keys.find((key) => key.id === approval.decidedByKeyId)?.name ?? null;
        await this.enqueue(event.tenantId, 'approval.resolved', event.seq, { approval, decision, decidedByKeyName });
        if (event.type === 'approval.denied') {
          // The denial was recorded as the newest blocked attempt: the state before is without it.
          const agent = await store.getAgent(event.tenantId, approval.agentId);
          if (agent) {
            const previous: TrustRecord = {
              ...agent.record,
              blocked: agent.record.blocked - 1,
              recentBlockedAt: agent.record.recentBlockedAt.slice(1),
            };
            const settings = resolveSettings((await store.getTenant(event.tenantId))?.settings);
            const from = agentTrustState(previous, approval.decidedAt ?? event.createdAt, settings.thresholds);
            await this.agentAfter(event, approval.agentId, from, `approval ${approval.id} denied`);
          }
        }
        return;
      }
      case 'halt.started':
        await this.enqueue(event.tenantId, 'tenant.halted', event.seq, {
          halt: { halted: true, reason: String(data.reason ?? ''), operatorId: (data.operator_id as string | null) ?? null },
        });
        return;
      case 'halt.lifted':
        await this.enqueue(event.tenantId, 'tenant.resumed', event.seq, {
          halt: { halted: false, reason: String(data.halted_reason ?? ''), operatorId: (data.operator_id as string | null) ?? null },
        });
        return;
      // Issue 18: the enforcement state and the vault; the event's data is what the body carries.
      case 'tenant.contained':
      case 'tenant.released':
      case 'tenant.closed':
        await this.enqueue(event.tenantId, event.type, event.seq, { change: { event: event.type, data } });
        return;
      case 'posture.updated':
      case 'egress_rule.created':
      case 'egress_rule.deleted':
        await this.enqueue(event.tenantId, 'posture.changed', event.seq, { change: { event: event.type, data } });
        return;
      case 'credential.saved':
      case 'credential.deleted':
        await this.enqueue(event.tenantId, 'credential.changed', event.seq, { change: { event: event.type, data } });
        return;
      // Issue 22: findings, the monitor's failing controls among them.
      case 'finding.created':
        await this.enqueue(event.tenantId, 'compliance.finding_raised', event.seq, { finding: data });
        return;
      case 'finding.updated':
        await this.enqueue(event.tenantId, 'compliance.finding_updated', event.seq, { finding: data });
        return;
      case 'budget.alert':
        // Issue 19: the event carries the budget's figures as they were when the threshold was reached.
        await this.enqueue(event.tenantId, 'budget.alert', event.seq, { budget: data });
        return;
      case 'decision.result_flagged': {
        // Issue 13: the decision whose tool result was flagged, and the screen's verdict on it.
        const decision = await store.getDecision(event.tenantId, String(data.decision_id));
        if (decision) await this.enqueue(event.tenantId, 'decision.result_flagged', event.seq, { decision, resultScreen: data });
        return;
      }
      default:
        return;
    }
  }

  /** Queues `agent.state_changed` when the agent's own state now differs from `from`. */
  private async agentAfter(event: EventRow, agentId: string, from: string, cause: string): Promise<void> {
    const webhooks = await this.subscribed(event.tenantId, 'agent.state_changed');
    if (webhooks.length === 0) return;
    const agent = await this.store.getAgent(event.tenantId, agentId);
    if (!agent) return;
    const settings = resolveSettings((await this.store.getTenant(event.tenantId))?.settings);
    const to = agentTrustState(agent.record, event.createdAt, settings.thresholds);
    if (to !== from) await this.enqueue(event.tenantId, 'agent.state_changed', event.seq, { agentChange: { agentId, from, to, cause } });
  }

  private async subscribed(tenantId: string, name: WebhookEvent): Promise<WebhookRow[]> {
    return (await this.store.webhooks.listWebhooks(tenantId)).filter((webhook) => webhook.events.includes(name));
  }

  /** Writes one delivery per webhook of the tenant that wants `name`, each with its body rendered now. */
  private async enqueue(tenantId: string, name: WebhookEvent, seq: number, facts: Partial<WebhookFacts>): Promise<void> {
    const webhooks = await this.subscribed(tenantId, name);
    if (webhooks.length === 0) return;
    const now = this.clock();
    const full: WebhookFacts = { event: name, tenantId, at: now, publicUrl: this.options.publicUrl, ...facts };
    const rows: DeliveryRow[] = webhooks.map((webhook) => {
      const id = newId('whd', now);
      return {
        id,
        webhookId: webhook.id,
        tenantId,
        event: name,
        eventSeq: seq,
        body: renderBody(webhook.format, id, full),
        status: 'pending',
        attempts: 0,
        attemptLog: [],
        nextAttemptAt: now,
        createdAt: now,
        finishedAt: null,
      };
    });
    await this.store.webhooks.addDeliveries(rows);
    this.wake();
  }

  /** One attempt: POST the stored body, signed; record the answer and schedule what follows. */
  private async attempt(delivery: DeliveryRow): Promise<void> {
    const webhook = await this.store.webhooks.getWebhook(delivery.tenantId, delivery.webhookId);
    if (!webhook) return;
    const started = this.clock();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const host = new URL(webhook.url).hostname.replace(/^\[|\]$/g, '');
      // An address literal skips `lookup`, so it is checked here.
      if (!this.options.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new Error(`${host} is a private address`);
      const response = await request(webhook.url, {
        method: 'POST',
        dispatcher: this.dispatcher,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ActionGate-Webhook/1',
          'x-actiongate-event': delivery.event,
          'x-actiongate-delivery': delivery.id,
          [SIGNATURE_HEADER]: signatureOf(webhook.secret, delivery.body),
        },
        body: delivery.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      statusCode = response.statusCode;
      await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
      if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
    } catch (failure) {
      const cause = (failure as { cause?: { code?: string } }).cause;
      error = `${(failure as NodeJS.ErrnoException).code ?? cause?.code ?? 'error'}: ${(failure as Error).message}`.slice(0, 500);
    }
    const now = this.clock();
    const attempt = { at: started, statusCode, error, durationMs: now - started };
    if (error === null) {
      await this.store.webhooks.recordAttempt(delivery.id, attempt, { status: 'delivered', nextAttemptAt: null, finishedAt: now });
      return;
    }
    const next = nextAttemptAt(this.retry, delivery.createdAt, delivery.attempts + 1, now);
    await this.store.webhooks.recordAttempt(
      delivery.id,
      attempt,
      next === null
        ? { status: 'failed', nextAttemptAt: null, finishedAt: now }
        : { status: 'pending', nextAttemptAt: next, finishedAt: null },
    );
  }
}

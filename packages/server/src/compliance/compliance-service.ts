// The evidence layer's operations on real state: frameworks and controls (shipped templates plus the
// tenant's own), control evaluation over a period, the compliance audit, findings and their
// workflow, and the monitor's runs. Routes stay thin; rules live in the engine.
import {
  CONTROL_CONTEXT_NAMES,
  CONTROL_TEMPLATES,
  ControlSyntaxError,
  evaluateControl,
  FRAMEWORK_TEMPLATES,
  findingTransition,
  freeNames,
  parseControlExpression,
  type FindingStatus,
  type TreeHead,
} from '@actiongate/engine';
import { ApiError, ValidationFailed } from '../errors.ts';
import type { JournalService } from '../journal/journal-service.ts';
import type { ControlDefine, FindingCreate, FrameworkCreate } from '../schemas/compliance.ts';
import type { SigningKeyRing } from '../signing-keys.ts';
import type { FindingRow } from '../store/compliance-store.ts';
import type { Store } from '../store/store.ts';
import { complianceId } from './compliance-ids.ts';
import { EvidenceLoader } from './evidence-loader.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

export interface ControlView {
  control_id: string;
  name: string;
  description: string;
  category: string;
  control_logic: string;
  evaluation_method: string;
  assertion_level: string;
  inputs_required: string[];
  frameworks: string[];
  requirement_ids: string[];
  version: string;
  requires_legal_mapping: boolean;
  template: boolean;
  created_at: string | null;
}

export interface ControlResultView {
  result_id: string;
  control_id: string;
  control_name: string;
  control_version: string;
  status: 'pass' | 'fail' | 'error';
  passed: boolean;
  error: string | null;
  evidence_ids: string[];
  violations: string[];
  examined: number;
  period_start: string;
  period_end: string;
  evaluated_at: string;
  source: string;
}

export interface Period {
  start: number;
  end: number;
}

export class ComplianceService {
  readonly evidence: EvidenceLoader;

  constructor(
    private readonly store: Store,
    readonly keyRing: SigningKeyRing,
    readonly journal: JournalService,
    private readonly clock: () => number,
  ) {
    this.evidence = new EvidenceLoader(store, keyRing, journal, clock);
  }

  // ---- frameworks ------------------------------------------------------------------------------

  async listFrameworks(tenantId: string) {
    const own = await this.store.compliance.listDocuments('framework', tenantId);
    return [...FRAMEWORK_TEMPLATES.map((t) => ({ ...t, requirements: [...t.requirements], created_at: null })), ...own.map((d) => d.body)];
  }

  async getFramework(tenantId: string, id: string) {
    const template = FRAMEWORK_TEMPLATES.find((t) => t.framework_id === id);
    if (template) return { ...template, requirements: [...template.requirements], created_at: null };
    const own = await this.store.compliance.getDocument('framework', tenantId, id);
    if (!own) throw new ApiError('AG_NOT_FOUND', `framework \`${id}\` not found`);
    return own.body as any;
  }

  async createFramework(tenantId: string, body: FrameworkCreate) {
    const now = this.clock();
    const requirements = body.requirements ?? [];
    const seen = new Set<string>();
    requirements.forEach((requirement, i) => {
      if (seen.has(requirement.requirement_id))
        throw new ValidationFailed([
          {
            loc: ['body', 'requirements', i, 'requirement_id'],
            msg: `requirement \`${requirement.requirement_id}\` is listed twice`,
            type: 'value_error',
          },
        ]);
      seen.add(requirement.requirement_id);
    });
    const framework = {
      framework_id: complianceId('fw', now),
      name: body.name,
      version: body.version,
      jurisdiction: body.jurisdiction,
      description: body.description,
      framework_type: body.framework_type ?? 'custom',
      requirements,
      created_at: iso(now),
    };
    await this.store.compliance.createDocument('framework', { tenantId, id: framework.framework_id, body: framework, createdAt: now });
    return framework;
  }

  // ---- controls --------------------------------------------------------------------------------

  async listControls(tenantId: string): Promise<ControlView[]> {
    const own = await this.store.compliance.listDocuments('control', tenantId);
    return [
      ...CONTROL_TEMPLATES.map((t) => ({ ...t, template: true, created_at: null })),
      ...own.map((d) => d.body as unknown as ControlView),
    ];
  }

  async getControl(tenantId: string, id: string): Promise<ControlView> {
    const template = CONTROL_TEMPLATES.find((t) => t.control_id === id);
    if (template) return { ...template, template: true, created_at: null };
    const own = await this.store.compliance.getDocument('control', tenantId, id);
    if (!own) throw new ApiError('AG_NOT_FOUND', `control \`${id}\` not found`);
    return own.body as unknown as ControlView;
  }

  async defineControl(tenantId: string, body: ControlDefine): Promise<ControlView> {
    checkLogic(body.control_logic, ['body', 'control_logic']);
    for (const [i, frameworkId] of (body.frameworks ?? []).entries()) {
      const framework = await this.getFramework(tenantId, frameworkId).catch(() => null);
      if (!framework)
        throw new ValidationFailed([
          { loc: ['body', 'frameworks', i], msg: `framework \`${frameworkId}\` not found`, type: 'value_error' },
        ]);
    }
    const now = this.clock();
    const control: ControlView = {
      control_id: complianceId('ctl', now),
      name: body.name,
      description: body.description,
      category: body.category,
      control_logic: body.control_logic,
      evaluation_method: body.evaluation_method,
      assertion_level: body.assertion_level ?? 'technical_control_verified',
      inputs_required: body.inputs_required ?? [],
      frameworks: body.frameworks ?? [],
      requirement_ids: body.requirement_ids ?? [],
      version: body.version ?? '1.0',
      requires_legal_mapping: body.requires_legal_mapping ?? false,
      template: false,
      created_at: iso(now),
    };
    await this.store.compliance.createDocument('control', { tenantId, id: control.control_id, body: control as never, createdAt: now });
    return control;
  }

  /** The controls of a framework: those that name it. */
  async frameworkControls(tenantId: string, frameworkId: string): Promise<ControlView[]> {
    await this.getFramework(tenantId, frameworkId);
    return (await this.listControls(tenantId)).filter((control) => control.frameworks.includes(frameworkId));
  }

  // ---- evaluation ------------------------------------------------------------------------------

  /** Evaluates controls over one period (the context is loaded once) and records each result. */
  async evaluate(
    tenantId: string,
    controls: ControlView[],
    period: Period,
    options: { source: string; inputs?: Record<string, unknown>; context?: Record<string, unknown> | null; save?: boolean },
  ): Promise<{ results: ControlResultView[]; head: TreeHead | null; context: Awaited<ReturnType<EvidenceLoader['context']>>['context'] }> {
    const trees = controls.map((control) => parseControlExpression(control.control_logic));
    const withJournal = trees.some((tree) => freeNames(tree).has('journal'));
    const { context, head } = await this.evidence.context(tenantId, period.start, period.end, {
      withJournal,
      inputs: options.inputs,
      context: options.context,
    });
    const now = this.clock();
    const results: ControlResultView[] = [];
    for (const [i, control] of controls.entries()) {
      const outcome = evaluateControl(trees[i], context as unknown as Record<string, unknown>);
      const evidence = [...outcome.evidence_ids];
      if (head && freeNames(trees[i]).has('journal')) evidence.push(`sth:${head.tree_size}`);
      const result: ControlResultView = {
        result_id: complianceId('cr', now),
        control_id: control.control_id,
        control_name: control.name,
        control_version: control.version,
        status: outcome.error ? 'error' : outcome.passed ? 'pass' : 'fail',
        passed: outcome.passed,
        error: outcome.error,
        evidence_ids: evidence,
        violations: outcome.violations,
        examined: outcome.examined,
        period_start: iso(period.start),
        period_end: iso(period.end),
        evaluated_at: iso(now),
        source: options.source,
      };
      if (options.save !== false) {
        await this.store.compliance.saveControlResult({
          tenantId,
          id: result.result_id,
          controlId: control.control_id,
          passed: result.passed,
          evaluatedAt: now,
          body: result as never,
        });
      }
      results.push(result);
    }
    return { results, head, context };
  }

  /** `ControlEvaluationRequest`: one control over the period its inputs name (default: the last 24 hours). */
  async evaluateRequest(tenantId: string, controlId: string, inputs: Record<string, unknown>, context: Record<string, unknown> | null) {
    const control = await this.getControl(tenantId, controlId);
    const missing = control.inputs_required.filter((name) => !(name in inputs));
    if (missing.length)
      throw new ValidationFailed(
        missing.map((name) => ({ loc: ['body', 'inputs', name], msg: 'field required by the control', type: 'missing' })),
      );
    const period = periodFromInputs(inputs, this.clock());
    const { results } = await this.evaluate(tenantId, [control], period, { source: 'request', inputs, context });
    return results[0];
  }

  /** `ComplianceAuditRequest`: every control over the last `hours`. */
  async audit(tenantId: string, hours: number) {
    const end = this.clock();
    const period = { start: end - hours * HOUR, end };
    const controls = await this.listControls(tenantId);
    const { results, context } = await this.evaluate(tenantId, controls, period, { source: 'audit' });
    const journalFacts = context.journal;
    return {
      tenant_id: tenantId,
      period_start: iso(period.start),
      period_end: iso(period.end),
      summary: {
        controls: results.length,
        passed: results.filter((r) => r.passed).length,
        failed: results.filter((r) => !r.passed).length,
        decisions: context.decisions.length,
        approvals: context.approvals.length,
        open_findings: context.findings.filter((f) => f.status === 'open' || f.status === 'in_progress').length,
      },
      journal: {
        verified: journalFacts.verified,
        reason: journalFacts.reason,
        size: journalFacts.size,
        signed_size: journalFacts.signed_size,
      },
      results,
    };
  }

  // ---- findings --------------------------------------------------------------------------------

  async createFinding(tenantId: string, body: FindingCreate, keyId: string | null, source: 'manual' | 'monitor' = 'manual') {
    if (body.control_id) await this.getControl(tenantId, body.control_id);
    const now = this.clock();
    const finding = {
      finding_id: body.finding_id,
      severity: body.severity,
      title: body.title,
      description: body.description,
      requirement_id: body.requirement_id ?? null,
      control_id: body.control_id ?? null,
      affected_asset: body.affected_asset ?? null,
      evidence_ids: body.evidence_ids ?? [],
      status: 'open' as FindingStatus,
      resolution_note: null,
      source,
      history: [{ status: 'open', at: iso(now), key_id: keyId, note: null }],
      created_at: iso(now),
      updated_at: iso(now),
    };
    const created = await this.store.compliance.createFinding({
      tenantId,
      id: finding.finding_id,
      status: 'open',
      severity: finding.severity,
      controlId: finding.control_id,
      source,
      createdAt: now,
      updatedAt: now,
      body: finding,
    });
    if (!created) throw new ApiError('AG_CONFLICT', `finding \`${body.finding_id}\` already exists`);
    // Live streams and webhooks (`compliance.finding_raised`) hear of it, the monitor's findings included.
    await this.store.appendEvent(tenantId, 'finding.created', findingEventData(finding), now);
    return finding;
  }

  async getFinding(tenantId: string, id: string): Promise<FindingRow> {
    const row = await this.store.compliance.getFinding(tenantId, id);
    if (!row) throw new ApiError('AG_NOT_FOUND', `finding \`${id}\` not found`);
    return row;
  }

  async updateFinding(tenantId: string, id: string, status: FindingStatus, note: string | null, keyId: string) {
    const row = await this.getFinding(tenantId, id);
    const transition = findingTransition(row.status as FindingStatus, status, note);
    if (!transition.ok) {
      if (transition.conflict) throw new ApiError('AG_CONFLICT', transition.reason);
      throw new ValidationFailed([{ loc: ['body', 'resolution_note'], msg: transition.reason, type: 'missing' }]);
    }
    const now = this.clock();
    const body = row.body as Record<string, any>;
    const updated = {
      ...body,
      status,
      resolution_note: note ?? body.resolution_note ?? null,
      history: [...(body.history ?? []), { status, at: iso(now), key_id: keyId, note: note ?? null }],
      updated_at: iso(now),
    };
    const saved = await this.store.compliance.updateFinding({ ...row, status, updatedAt: now, body: updated }, row.status);
    if (!saved) throw new ApiError('AG_CONFLICT', `finding \`${id}\` changed meanwhile; read it again`);
    await this.store.appendEvent(
      tenantId,
      'finding.updated',
      { ...findingEventData(updated), from_status: row.status, key_id: keyId },
      now,
    );
    return updated;
  }

  // ---- monitor ---------------------------------------------------------------------------------

  async setMonitor(tenantId: string, controlIds: string[], filters: Record<string, any> | null) {
    for (const [i, id] of controlIds.entries()) {
      const control = await this.getControl(tenantId, id).catch(() => null);
      if (!control)
        throw new ValidationFailed([{ loc: ['body', 'control_ids', i], msg: `control \`${id}\` not found`, type: 'value_error' }]);
    }
    const now = this.clock();
    const intervalMinutes = filters?.interval_minutes ?? 60;
    await this.store.compliance.setMonitor({
      tenantId,
      body: { control_ids: [...new Set(controlIds)], filters },
      intervalMs: Math.round(intervalMinutes * 60_000),
      nextRunAt: now,
      lastRunAt: null,
      lastRun: null,
      updatedAt: now,
    });
    return this.getMonitor(tenantId);
  }

  async getMonitor(tenantId: string) {
    const row = await this.store.compliance.getMonitor(tenantId);
    if (!row) throw new ApiError('AG_NOT_FOUND', 'no compliance monitor is configured');
    const filters = (row.body.filters ?? {}) as Record<string, any>;
    return {
      control_ids: row.body.control_ids,
      window_hours: filters.window_hours ?? 24,
      interval_minutes: filters.interval_minutes ?? 60,
      finding_severity: filters.finding_severity ?? 'high',
      next_run_at: iso(row.nextRunAt),
      last_run_at: row.lastRunAt === null ? null : iso(row.lastRunAt),
      last_run: row.lastRun as never,
    };
  }

  /** Runs the tenant's monitor now: evaluates its controls and raises a finding for each failing control that has none open. */
  async runMonitor(tenantId: string) {
    const row = await this.store.compliance.getMonitor(tenantId);
    if (!row) throw new ApiError('AG_NOT_FOUND', 'no compliance monitor is configured');
    const filters = (row.body.filters ?? {}) as Record<string, any>;
    const now = this.clock();
    const controls: ControlView[] = [];
    for (const id of row.body.control_ids) {
      const control = await this.getControl(tenantId, id).catch(() => null);
      if (control) controls.push(control);
    }
    const { results } = await this.evaluate(
      tenantId,
      controls,
      { start: now - (filters.window_hours ?? 24) * HOUR, end: now },
      { source: 'monitor' },
    );
    const open = [
      ...(await this.store.compliance.listFindings(tenantId, 'open', 10_000)),
      ...(await this.store.compliance.listFindings(tenantId, 'in_progress', 10_000)),
    ];
    const raised: string[] = [];
    for (const result of results) {
      if (result.passed) continue;
      // One open finding per failing control: a control that keeps failing does not flood the queue.
      if (open.some((finding) => finding.source === 'monitor' && finding.controlId === result.control_id)) continue;
      const finding = await this.createFinding(
        tenantId,
        {
          finding_id: `mon-${result.control_id}-${now}`,
          severity: filters.finding_severity ?? 'high',
          title: `control failed: ${result.control_name}`,
          description: result.error
            ? `the monitor could not evaluate the control: ${result.error}`
            : `the monitor found ${result.violations.length} violating record(s) between ${result.period_start} and ${result.period_end} (result ${result.result_id})`,
          control_id: result.control_id,
          evidence_ids: [result.result_id, ...result.violations].slice(0, 1000),
        },
        null,
        'monitor',
      );
      raised.push(finding.finding_id);
    }
    const run = { results, findings_raised: raised };
    await this.store.compliance.recordMonitorRun(tenantId, row.updatedAt, now, now + row.intervalMs, run);
    return run;
  }

  /** Runs every monitor that is due (the scheduler's tick). */
  async runDueMonitors(): Promise<number> {
    const due = await this.store.compliance.dueMonitors(this.clock());
    for (const monitor of due) await this.runMonitor(monitor.tenantId);
    return due.length;
  }
}

/** What a finding's event (and its webhook) carries: the finding without its history. */
function findingEventData(finding: Record<string, any>): Record<string, unknown> {
  const { history: _history, ...rest } = finding;
  return rest;
}

/** Refuses control logic that does not parse or reads names the context does not have. */
export function checkLogic(logic: string, loc: (string | number)[]): void {
  let tree;
  try {
    tree = parseControlExpression(logic);
  } catch (error) {
    if (error instanceof ControlSyntaxError)
      throw new ValidationFailed([{ loc, msg: `control logic: ${error.message}`, type: 'value_error' }]);
    throw error;
  }
  const unknown = [...freeNames(tree)].filter((name) => !(CONTROL_CONTEXT_NAMES as readonly string[]).includes(name));
  if (unknown.length)
    throw new ValidationFailed([
      {
        loc,
        msg: `control logic reads unknown name${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `\`${n}\``).join(', ')}; known: ${CONTROL_CONTEXT_NAMES.join(', ')}`,
        type: 'value_error',
      },
    ]);
}

/** The period named by `period_start`/`period_end` or `window_hours` in a control's inputs. */
export function periodFromInputs(inputs: Record<string, unknown>, now: number): Period {
  const bad = (name: string, msg: string) => new ValidationFailed([{ loc: ['body', 'inputs', name], msg, type: 'value_error' }]);
  const time = (name: string): number | null => {
    const value = inputs[name];
    if (value === undefined || value === null) return null;
    const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isFinite(parsed)) throw bad(name, 'must be an ISO 8601 date-time');
    return parsed;
  };
  let start = time('period_start');
  const end = time('period_end') ?? now;
  if (start === null) {
    const hours = inputs.window_hours ?? 24;
    if (typeof hours !== 'number' || !(hours > 0) || hours > 8784)
      throw bad('window_hours', 'must be a number of hours above 0, at most 8784');
    start = end - hours * HOUR;
  }
  if (start > end) throw bad('period_start', '`period_start` is after `period_end`');
  return { start, end };
}

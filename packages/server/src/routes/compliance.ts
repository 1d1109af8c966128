// The evidence layer's routes under /fabric/compliance: frameworks, controls and their evaluation,
// findings and their workflow, the compliance audit and the monitor (whose scheduler starts and
// stops with the app). Reading needs a customer key; defining and changing needs an admin key.
import { Type } from 'typebox';
import { keyOf } from '../auth.ts';
import { ComplianceService } from '../compliance/compliance-service.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError, ValidationFailed } from '../errors.ts';
import type { JournalService } from '../journal/journal-service.ts';
import { errorResponses, ref } from '../schemas.ts';
import { buildAuditPackage } from '../compliance/audit-package-builder.ts';
import {
  AuditPackage,
  AuditPackageGenerate,
  AuditPackageList,
  ComplianceAuditReport,
  ComplianceAuditRequest,
  ComplianceMonitor,
  ComplianceMonitorConfig,
  Control,
  ControlDefine,
  ControlEvaluationRequest,
  ControlList,
  ControlResult,
  Finding,
  FindingCreate,
  FindingList,
  FindingListQuery,
  FindingUpdate,
  Framework,
  FrameworkCreate,
  FrameworkList,
} from '../schemas/compliance.ts';

const Params = (name: string) => Type.Object({ [name]: Type.String({ minLength: 1, maxLength: 200 }) });
/** How often the scheduler looks for due monitors. */
const MONITOR_TICK_MS = 30_000;

/** The tenant a body names: absent, the spec's default or the key's own; another tenant is never found. */
export function ownTenant(keyTenantId: string, named: string | null | undefined, defaults: string[]): string {
  if (named === undefined || named === null || defaults.includes(named) || named === keyTenantId) return keyTenantId;
  throw new ApiError('AG_NOT_FOUND', `tenant \`${named}\` not found`);
}

export function complianceRoutes(app: App, ctx: AppContext, journal: JournalService): ComplianceService {
  const compliance = new ComplianceService(ctx.store, ctx.keyRing, journal, ctx.clock);
  const tags = ['compliance'];

  // The monitor's scheduler: due monitors run on a timer (unref'd), stopped before the store closes.
  let timer: NodeJS.Timeout | null = null;
  let tick: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (tick) return;
      tick = compliance
        .runDueMonitors()
        .catch((error) => app.log.error({ err: error }, 'compliance monitor'))
        .finally(() => (tick = null));
    }, MONITOR_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await tick;
  });

  app.get(
    '/fabric/compliance/frameworks',
    { schema: { tags, response: { 200: FrameworkList } }, config: { access: 'approver' } },
    async (request) => ({ frameworks: (await compliance.listFrameworks(keyOf(request).tenantId)) as never[] }),
  );
  app.post(
    '/fabric/compliance/frameworks',
    { schema: { tags, body: FrameworkCreate, response: { 201: Framework } }, config: { access: 'admin' } },
    async (request, reply) => reply.code(201).send(await compliance.createFramework(keyOf(request).tenantId, request.body)),
  );
  app.get(
    '/fabric/compliance/frameworks/:framework_id',
    { schema: { tags, params: Params('framework_id'), response: { 200: Framework } }, config: { access: 'approver' } },
    async (request) => compliance.getFramework(keyOf(request).tenantId, (request.params as { framework_id: string }).framework_id),
  );

  app.get(
    '/fabric/compliance/controls',
    { schema: { tags, response: { 200: ControlList } }, config: { access: 'approver' } },
    async (request) => ({ controls: await compliance.listControls(keyOf(request).tenantId) }),
  );
  app.post(
    '/fabric/compliance/controls',
    { schema: { tags, body: ControlDefine, response: { 201: Control } }, config: { access: 'admin' } },
    async (request, reply) => reply.code(201).send(await compliance.defineControl(keyOf(request).tenantId, request.body)),
  );
  app.get(
    '/fabric/compliance/controls/:control_id',
    { schema: { tags, params: Params('control_id'), response: { 200: Control } }, config: { access: 'approver' } },
    async (request) => compliance.getControl(keyOf(request).tenantId, (request.params as { control_id: string }).control_id),
  );
  app.post(
    '/fabric/compliance/controls/:control_id/evaluate',
    {
      schema: { tags, params: Params('control_id'), body: ControlEvaluationRequest, response: { 200: ControlResult } },
      config: { access: 'approver' },
    },
    async (request) => {
      const { control_id } = request.params as { control_id: string };
      if (request.body.control_id !== control_id)
        throw new ValidationFailed([
          {
            loc: ['body', 'control_id'],
            msg: `\`${request.body.control_id}\` is not the control of the path (\`${control_id}\`)`,
            type: 'value_error',
          },
        ]);
      return compliance.evaluateRequest(
        keyOf(request).tenantId,
        control_id,
        request.body.inputs as Record<string, unknown>,
        (request.body.context ?? null) as Record<string, unknown> | null,
      );
    },
  );

  app.post(
    '/fabric/compliance/findings',
    { schema: { tags, body: FindingCreate, response: { 201: Finding, ...errorResponses(409) } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      return reply.code(201).send(await compliance.createFinding(key.tenantId, request.body, key.id));
    },
  );
  app.get(
    '/fabric/compliance/findings',
    { schema: { tags, querystring: FindingListQuery, response: { 200: FindingList } }, config: { access: 'approver' } },
    async (request) => {
      const query = request.query as { status?: string; limit?: number };
      const rows = await ctx.store.compliance.listFindings(keyOf(request).tenantId, query.status ?? null, query.limit ?? 100);
      return { findings: rows.map((row) => row.body as never) };
    },
  );
  app.get(
    '/fabric/compliance/findings/:finding_id',
    { schema: { tags, params: Params('finding_id'), response: { 200: Finding } }, config: { access: 'approver' } },
    async (request) =>
      (await compliance.getFinding(keyOf(request).tenantId, (request.params as { finding_id: string }).finding_id)).body as never,
  );
  app.patch(
    '/fabric/compliance/findings/:finding_id',
    {
      schema: { tags, params: Params('finding_id'), body: FindingUpdate, response: { 200: Finding, ...errorResponses(409) } },
      config: { access: 'approver' },
    },
    async (request) => {
      const key = keyOf(request);
      const { finding_id } = request.params as { finding_id: string };
      return compliance.updateFinding(key.tenantId, finding_id, request.body.status, request.body.resolution_note ?? null, key.id) as never;
    },
  );

  app.post(
    '/fabric/compliance/audit',
    {
      schema: { tags, body: ComplianceAuditRequest, response: { 200: ComplianceAuditReport, ...errorResponses(404) } },
      config: { access: 'approver' },
    },
    async (request) => {
      const key = keyOf(request);
      const tenantId = ownTenant(key.tenantId, request.body.tenant_id, ['tenant-default']);
      return compliance.audit(tenantId, request.body.time_window_hours ?? 24);
    },
  );

  app.put(
    '/fabric/compliance/monitor',
    { schema: { tags, body: ComplianceMonitorConfig, response: { 200: ComplianceMonitor } }, config: { access: 'admin' } },
    async (request) => compliance.setMonitor(keyOf(request).tenantId, request.body.control_ids, request.body.filters ?? null),
  );
  app.get(
    '/fabric/compliance/monitor',
    { schema: { tags, response: { 200: ComplianceMonitor, ...errorResponses(404) } }, config: { access: 'approver' } },
    async (request) => compliance.getMonitor(keyOf(request).tenantId),
  );
  app.post(
    '/fabric/compliance/monitor/run',
    {
      schema: {
        tags,
        response: {
          200: Type.Object({ results: Type.Array(ref(ControlResult)), findings_raised: Type.Array(Type.String()) }),
          ...errorResponses(404),
        },
      },
      config: { access: 'admin' },
    },
    async (request) => compliance.runMonitor(keyOf(request).tenantId),
  );

  app.post(
    '/fabric/compliance/audit-packages',
    {
      schema: { tags, body: AuditPackageGenerate, response: { 201: AuditPackage, ...errorResponses(404) } },
      config: { access: 'approver' },
    },
    async (request, reply) => {
      const row = await buildAuditPackage(compliance, ctx.store, keyOf(request).tenantId, request.body, ctx.clock());
      await ctx.store.compliance.saveAuditPackage(row);
      return reply.code(201).send(row.summary as never);
    },
  );
  app.get(
    '/fabric/compliance/audit-packages',
    { schema: { tags, response: { 200: AuditPackageList } }, config: { access: 'approver' } },
    async (request) => ({
      packages: (await ctx.store.compliance.listAuditPackages(keyOf(request).tenantId, 100)).map((row) => row.summary as never),
    }),
  );
  app.get(
    '/fabric/compliance/audit-packages/:package_id',
    { schema: { tags, params: Params('package_id'), response: { 200: AuditPackage } }, config: { access: 'approver' } },
    async (request) => {
      const { package_id } = request.params as { package_id: string };
      const row = await ctx.store.compliance.getAuditPackage(keyOf(request).tenantId, package_id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `audit package \`${package_id}\` not found`);
      return row.summary as never;
    },
  );
  app.get(
    '/fabric/compliance/audit-packages/:package_id/archive',
    {
      schema: {
        tags,
        params: Params('package_id'),
        response: {
          200: { description: 'the package as a zip', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
      config: { access: 'approver' },
    },
    async (request, reply) => {
      const { package_id } = request.params as { package_id: string };
      const row = await ctx.store.compliance.getAuditPackage(keyOf(request).tenantId, package_id);
      if (!row) throw new ApiError('AG_NOT_FOUND', `audit package \`${package_id}\` not found`);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${package_id}.zip"`)
        .send(Buffer.from(row.archive) as never);
    },
  );
  return compliance;
}

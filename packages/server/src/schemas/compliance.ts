// Request and response schemas of the evidence layer (issue 22), named as in the spec: frameworks,
// controls, control evaluation, findings, the compliance audit and the monitor.
import { Type, type Static, type TSchema } from 'typebox';

const FreeObject = Type.Object({}, { additionalProperties: true });
const Time = Type.String({ format: 'date-time' });
const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });
const NullableText = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
const IdList = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000, default: [], description });
const Severity = Type.Union([
  Type.Literal('critical'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low'),
  Type.Literal('info'),
]);
const FindingStatus = Type.Union([Type.Literal('open'), Type.Literal('in_progress'), Type.Literal('resolved'), Type.Literal('accepted')]);

function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

export const FrameworkRequirement = Type.Object(
  {
    requirement_id: Type.String({ minLength: 1, maxLength: 100, description: 'e.g. `CC6.1`, `A.8.15`, `Art.14`' }),
    title: Text(300),
    description: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { $id: 'FrameworkRequirement', additionalProperties: false },
);

export const FrameworkCreate = Type.Object(
  {
    name: Text(200),
    version: Text(100),
    jurisdiction: Text(200),
    description: Type.String({ maxLength: 4000 }),
    framework_type: Type.Optional(Type.String({ minLength: 1, maxLength: 50, default: 'custom' })),
    requirements: Type.Optional(Type.Union([Type.Array(ref(FrameworkRequirement), { maxItems: 500 }), Type.Null()])),
  },
  { $id: 'FrameworkCreate', additionalProperties: false },
);
export type FrameworkCreate = Static<typeof FrameworkCreate>;

export const Framework = Type.Object(
  {
    framework_id: Type.String(),
    name: Type.String(),
    version: Type.String(),
    jurisdiction: Type.String(),
    description: Type.String(),
    framework_type: Type.String({ description: '`template` for the shipped ones (read-only), else as created' }),
    requirements: Type.Array(ref(FrameworkRequirement)),
    created_at: Type.Union([Time, Type.Null()], { description: 'null for shipped templates' }),
  },
  { $id: 'Framework' },
);
export const FrameworkList = Type.Object({ frameworks: Type.Array(ref(Framework)) }, { $id: 'FrameworkList' });

export const ControlDefine = Type.Object(
  {
    name: Text(200),
    description: Type.String({ maxLength: 4000 }),
    category: Text(100),
    control_logic: Type.String({
      minLength: 1,
      maxLength: 4000,
      description: 'an expression of the control language (docs/compliance.md)',
    }),
    evaluation_method: Type.String({ minLength: 1, maxLength: 100, description: 'how it is evaluated, e.g. `automated`' }),
    assertion_level: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        default: 'technical_control_verified',
        description: '`advisory` controls are left out of certificates unless `include_advisory`',
      }),
    ),
    inputs_required: Type.Optional(IdList('names that `inputs` must carry when the control is evaluated')),
    frameworks: Type.Optional(IdList('framework ids the control belongs to')),
    requirement_ids: Type.Optional(IdList('requirement ids of those frameworks that the control evidences')),
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 50, default: '1.0' })),
    requires_legal_mapping: Type.Optional(Type.Boolean({ default: false })),
  },
  { $id: 'ControlDefine', additionalProperties: false },
);
export type ControlDefine = Static<typeof ControlDefine>;

export const Control = Type.Object(
  {
    control_id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    category: Type.String(),
    control_logic: Type.String(),
    evaluation_method: Type.String(),
    assertion_level: Type.String(),
    inputs_required: Type.Array(Type.String()),
    frameworks: Type.Array(Type.String()),
    requirement_ids: Type.Array(Type.String()),
    version: Type.String(),
    requires_legal_mapping: Type.Boolean(),
    template: Type.Boolean({ description: 'shipped with ActionGate (read-only)' }),
    created_at: Type.Union([Time, Type.Null()]),
  },
  { $id: 'Control' },
);
export const ControlList = Type.Object({ controls: Type.Array(ref(Control)) }, { $id: 'ControlList' });

export const ControlEvaluationRequest = Type.Object(
  {
    control_id: Type.String({ minLength: 1, maxLength: 200 }),
    inputs: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'values the logic reads as `inputs.<name>`; `period_start` and `period_end` (ISO 8601) or `window_hours` choose the period (default: the last 24 hours)',
      },
    ),
    context: Type.Optional(Type.Union([FreeObject, Type.Null()], { description: 'read by the logic as `context.<name>`' })),
  },
  { $id: 'ControlEvaluationRequest', additionalProperties: false },
);
export type ControlEvaluationRequest = Static<typeof ControlEvaluationRequest>;

export const ControlResult = Type.Object(
  {
    result_id: Type.String(),
    control_id: Type.String(),
    control_name: Type.String(),
    control_version: Type.String(),
    status: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('error')]),
    passed: Type.Boolean(),
    error: Type.Union([Type.String(), Type.Null()], { description: 'why the logic could not be evaluated (then it fails)' }),
    evidence_ids: Type.Array(Type.String(), {
      description: 'the decisions, approvals and findings examined; `sth:<size>` is the signed tree head checked',
    }),
    violations: Type.Array(Type.String(), { description: 'the records that made it fail' }),
    examined: Type.Integer(),
    period_start: Time,
    period_end: Time,
    evaluated_at: Time,
    source: Type.String({ description: '`request`, `audit`, `monitor`, `audit_package` or `certify`' }),
  },
  { $id: 'ControlResult' },
);

export const FindingCreate = Type.Object(
  {
    finding_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]*$' }),
    severity: Severity,
    title: Text(300),
    description: Type.String({ maxLength: 8000 }),
    requirement_id: Type.Optional(NullableText(100)),
    control_id: Type.Optional(NullableText(200)),
    affected_asset: Type.Optional(NullableText(500)),
    evidence_ids: Type.Optional(IdList('decision, approval or other evidence ids')),
  },
  { $id: 'FindingCreate', additionalProperties: false },
);
export type FindingCreate = Static<typeof FindingCreate>;

export const FindingUpdate = Type.Object(
  {
    status: FindingStatus,
    resolution_note: Type.Optional(NullableText(8000)),
  },
  { $id: 'FindingUpdate', additionalProperties: false },
);
export type FindingUpdate = Static<typeof FindingUpdate>;

export const Finding = Type.Object(
  {
    finding_id: Type.String(),
    severity: Type.String(),
    title: Type.String(),
    description: Type.String(),
    requirement_id: Type.Union([Type.String(), Type.Null()]),
    control_id: Type.Union([Type.String(), Type.Null()]),
    affected_asset: Type.Union([Type.String(), Type.Null()]),
    evidence_ids: Type.Array(Type.String()),
    status: FindingStatus,
    resolution_note: Type.Union([Type.String(), Type.Null()]),
    source: Type.String({ description: '`manual`, or `monitor` for one the monitor raised' }),
    history: Type.Array(
      Type.Object({
        status: Type.String(),
        at: Time,
        key_id: Type.Union([Type.String(), Type.Null()]),
        note: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    created_at: Time,
    updated_at: Time,
  },
  { $id: 'Finding' },
);
export const FindingList = Type.Object({ findings: Type.Array(ref(Finding)) }, { $id: 'FindingList' });
export const FindingListQuery = Type.Object({
  status: Type.Optional(FindingStatus),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

export const ComplianceAuditRequest = Type.Object(
  {
    tenant_id: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
        default: 'tenant-default',
        description: "the key's own tenant (its id, or the default); another tenant is not found",
      }),
    ),
    time_window_hours: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 8784 }), Type.Null()], { default: 24 })),
  },
  { $id: 'ComplianceAuditRequest', additionalProperties: false },
);
export type ComplianceAuditRequest = Static<typeof ComplianceAuditRequest>;

export const ComplianceAuditReport = Type.Object(
  {
    tenant_id: Type.String(),
    period_start: Time,
    period_end: Time,
    summary: Type.Object({
      controls: Type.Integer(),
      passed: Type.Integer(),
      failed: Type.Integer(),
      decisions: Type.Integer(),
      approvals: Type.Integer(),
      open_findings: Type.Integer(),
    }),
    journal: Type.Object({
      verified: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
      size: Type.Integer(),
      signed_size: Type.Integer(),
    }),
    results: Type.Array(ref(ControlResult)),
  },
  { $id: 'ComplianceAuditReport' },
);

export const MonitorFilters = Type.Object(
  {
    window_hours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 8784, description: 'period each run evaluates (default 24)' })),
    interval_minutes: Type.Optional(Type.Number({ minimum: 1, maximum: 44640, description: 'time between runs (default 60)' })),
    finding_severity: Type.Optional({ ...Severity, description: 'severity of the findings it raises (default high)' }),
  },
  { $id: 'MonitorFilters', additionalProperties: false },
);

export const ComplianceMonitorConfig = Type.Object(
  {
    control_ids: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }),
    filters: Type.Optional(Type.Union([ref(MonitorFilters), Type.Null()])),
  },
  { $id: 'ComplianceMonitorConfig', additionalProperties: false },
);
export type ComplianceMonitorConfig = Static<typeof ComplianceMonitorConfig>;

export const ComplianceMonitor = Type.Object(
  {
    control_ids: Type.Array(Type.String()),
    window_hours: Type.Number(),
    interval_minutes: Type.Number(),
    finding_severity: Type.String(),
    next_run_at: Time,
    last_run_at: Type.Union([Time, Type.Null()]),
    last_run: Type.Union([
      Type.Object({
        results: Type.Array(ref(ControlResult)),
        findings_raised: Type.Array(Type.String()),
      }),
      Type.Null(),
    ]),
  },
  { $id: 'ComplianceMonitor' },
);

export const AuditPackageGenerate = Type.Object(
  {
    framework_id: Type.String({ minLength: 1, maxLength: 200 }),
    period_start: Type.String({ minLength: 1, maxLength: 64, description: 'ISO 8601 date-time' }),
    period_end: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'ISO 8601 date-time; a period still running is packaged up to now',
    }),
    include_evidence: Type.Optional(Type.Boolean({ default: true, description: "include each decision's payload beside its record" })),
    prepared_by: Type.Optional(NullableText(200)),
  },
  { $id: 'AuditPackageGenerate', additionalProperties: false },
);
export type AuditPackageGenerate = Static<typeof AuditPackageGenerate>;

export const AuditPackage = Type.Object(
  {
    package_id: Type.String(),
    tenant_id: Type.String(),
    framework_id: Type.String(),
    period_start: Time,
    period_end: Time,
    generated_at: Time,
    prepared_by: Type.Union([Type.String(), Type.Null()]),
    include_evidence: Type.Boolean(),
    first_seq: Type.Integer({ description: 'journal seq of the first record of the period' }),
    last_seq: Type.Integer({ description: 'journal seq of the last record (first_seq - 1 when the period has none)' }),
    counts: Type.Object({
      entries: Type.Integer(),
      decisions: Type.Integer(),
      approval_events: Type.Integer(),
      control_results: Type.Integer(),
    }),
    tree_sizes: Type.Array(Type.Integer(), { description: 'sizes of the signed tree heads in the package' }),
    controls: Type.Object({ total: Type.Integer(), passed: Type.Integer(), failed: Type.Integer() }),
    archive_sha256: Type.String(),
    archive_bytes: Type.Integer(),
    manifest_key_id: Type.String(),
    download_path: Type.String({ description: 'GET it for the zip' }),
  },
  { $id: 'AuditPackage' },
);
export const AuditPackageList = Type.Object({ packages: Type.Array(ref(AuditPackage)) }, { $id: 'AuditPackageList' });

export const COMPLIANCE_SCHEMAS: TSchema[] = [
  AuditPackageGenerate,
  AuditPackage,
  AuditPackageList,
  FrameworkRequirement,
  FrameworkCreate,
  Framework,
  FrameworkList,
  ControlDefine,
  Control,
  ControlList,
  ControlEvaluationRequest,
  ControlResult,
  FindingCreate,
  FindingUpdate,
  Finding,
  FindingList,
  ComplianceAuditRequest,
  ComplianceAuditReport,
  MonitorFilters,
  ComplianceMonitorConfig,
  ComplianceMonitor,
];

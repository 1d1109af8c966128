// Shipped frameworks and controls: the requirements of SOC 2, ISO/IEC 27001:2022 Annex A and the EU
// AI Act that ActionGate's own records can evidence (human oversight, logging, access control,
// change management), and controls written in the control language that test them. Data, not code:
// every tenant sees them read-only and may define its own controls against the same requirements.

export interface FrameworkRequirement {
  requirement_id: string;
  title: string;
  description: string;
}

export interface FrameworkTemplate {
  framework_id: string;
  name: string;
  version: string;
  jurisdiction: string;
  description: string;
  framework_type: 'template';
  requirements: FrameworkRequirement[];
}

export interface ControlTemplate {
  control_id: string;
  name: string;
  description: string;
  category: 'human_oversight' | 'logging' | 'access_control' | 'change_management' | 'monitoring';
  control_logic: string;
  evaluation_method: 'automated';
  assertion_level: string;
  inputs_required: string[];
  frameworks: string[];
  requirement_ids: string[];
  version: string;
  requires_legal_mapping: boolean;
}

export const FRAMEWORK_TEMPLATES: readonly FrameworkTemplate[] = [
  {
    framework_id: 'fw_soc2',
    name: 'SOC 2',
    version: '2017 TSC (2022 points of focus)',
    jurisdiction: 'US (AICPA)',
    description: 'Trust Services Criteria, Common Criteria that the records of an action gateway evidence',
    framework_type: 'template',
    requirements: [
      {
        requirement_id: 'CC6.1',
        title: 'Logical access security',
        description: 'Access to protected actions is restricted to authorised, identified principals',
      },
      {
        requirement_id: 'CC6.3',
        title: 'Role-based access and segregation of duties',
        description: 'Access is authorised and modified with segregation of duties',
      },
      { requirement_id: 'CC7.2', title: 'Monitoring of system components', description: 'Anomalies are detected, logged and evaluated' },
      {
        requirement_id: 'CC8.1',
        title: 'Change management',
        description: 'Changes are authorised, approved and recorded before they are made',
      },
    ],
  },
  {
    framework_id: 'fw_iso27001_2022',
    name: 'ISO/IEC 27001 Annex A',
    version: '2022',
    jurisdiction: 'International (ISO/IEC)',
    description: 'Annex A controls that the records of an action gateway evidence',
    framework_type: 'template',
    requirements: [
      { requirement_id: 'A.5.3', title: 'Segregation of duties', description: 'Conflicting duties are segregated' },
      { requirement_id: 'A.5.15', title: 'Access control', description: 'Rules to control access are established and enforced' },
      { requirement_id: 'A.8.15', title: 'Logging', description: 'Logs of activities are produced, stored, protected and analysed' },
      {
        requirement_id: 'A.8.16',
        title: 'Monitoring activities',
        description: 'Systems are monitored for anomalous behaviour and action is taken',
      },
      { requirement_id: 'A.8.32', title: 'Change management', description: 'Changes are subject to change management procedures' },
    ],
  },
  {
    framework_id: 'fw_eu_ai_act',
    name: 'EU AI Act',
    version: 'Regulation (EU) 2024/1689',
    jurisdiction: 'European Union',
    description: 'Article-level obligations on logging and human oversight of AI systems that an action gateway evidences',
    framework_type: 'template',
    requirements: [
      {
        requirement_id: 'Art.12',
        title: 'Record-keeping',
        description: 'Automatic recording of events (logs) over the lifetime of the system',
      },
      { requirement_id: 'Art.14', title: 'Human oversight', description: 'Natural persons can oversee, intervene in and stop the system' },
      {
        requirement_id: 'Art.19',
        title: 'Automatically generated logs',
        description: 'Logs are kept and protected for the period required',
      },
      {
        requirement_id: 'Art.26',
        title: 'Obligations of deployers',
        description: 'Deployers monitor operation and act on serious incidents',
      },
    ],
  },
];

const control = (
  fields: Omit<ControlTemplate, 'evaluation_method' | 'assertion_level' | 'inputs_required' | 'version' | 'requires_legal_mapping'>,
): ControlTemplate => ({
  evaluation_method: 'automated',
  assertion_level: 'technical_control_verified',
  inputs_required: [],
  version: '1.0',
  requires_legal_mapping: false,
  ...fields,
});

export const CONTROL_TEMPLATES: readonly ControlTemplate[] = [
  control({
    control_id: 'ctl_critical_actions_human_approved',
    name: 'Critical actions run only with a human approval',
    description: 'Every critical-risk action that ran in the period ran on an approval a person decided and that this action consumed',
    category: 'human_oversight',
    control_logic: 'every d in decisions where d.risk == "critical" and d.allowed : d.human_approved',
    frameworks: ['fw_soc2', 'fw_eu_ai_act'],
    requirement_ids: ['CC8.1', 'Art.14'],
  }),
  control({
    control_id: 'ctl_decisions_enforced',
    name: 'Every decision was enforced',
    description: 'No decision in the period was made in shadow mode, where held or denied calls run anyway',
    category: 'human_oversight',
    control_logic: 'every d in decisions : d.enforcing',
    frameworks: ['fw_eu_ai_act', 'fw_iso27001_2022'],
    requirement_ids: ['Art.14', 'A.5.15'],
  }),
  control({
    control_id: 'ctl_no_self_approval',
    name: 'No approval by the requesting key',
    description: 'No approval decided in the period was decided by the key that requested the held action',
    category: 'access_control',
    control_logic: 'no a in approvals where a.decided_by_key_id != null : a.decided_by_key_id == a.requested_by_key_id',
    frameworks: ['fw_soc2', 'fw_iso27001_2022'],
    requirement_ids: ['CC6.3', 'A.5.3'],
  }),
  control({
    control_id: 'ctl_identity_verified',
    name: 'Actions that ran were sent by verified identities',
    description: 'Every action that ran in the period passed the identity stage (active key, bound agent, tenant not halted)',
    category: 'access_control',
    control_logic: 'every d in decisions where d.allowed : d.stages.identity.verdict == "allow"',
    frameworks: ['fw_soc2', 'fw_iso27001_2022'],
    requirement_ids: ['CC6.1', 'A.5.15'],
  }),
  control({
    control_id: 'ctl_high_risk_changes_reviewed',
    name: 'High-risk changes went through an enforcing review',
    description:
      'Every high or critical action that ran was decided by an enforcing chain and either approved by a person or allowed for an agent whose record earned it',
    category: 'change_management',
    control_logic:
      'every d in decisions where d.allowed and d.risk in ["high", "critical"] : d.enforcing and (d.human_approved or d.stages.trust.verdict == "allow")',
    frameworks: ['fw_soc2', 'fw_iso27001_2022'],
    requirement_ids: ['CC8.1', 'A.8.32'],
  }),
  control({
    control_id: 'ctl_journal_verified',
    name: 'The decision journal verifies',
    description: 'The hash chain, every record and decision signature, and the signed tree head over all entries verify',
    category: 'logging',
    control_logic: 'journal.verified and journal.signed_size == journal.size',
    frameworks: ['fw_soc2', 'fw_iso27001_2022', 'fw_eu_ai_act'],
    requirement_ids: ['CC7.2', 'A.8.15', 'Art.12', 'Art.19'],
  }),
  control({
    control_id: 'ctl_no_open_critical_findings',
    name: 'No critical finding left open',
    description: 'No finding of critical severity is open or in progress',
    category: 'monitoring',
    control_logic: 'no f in findings : f.severity == "critical" and f.status in ["open", "in_progress"]',
    frameworks: ['fw_soc2', 'fw_iso27001_2022', 'fw_eu_ai_act'],
    requirement_ids: ['CC7.2', 'A.8.16', 'Art.26'],
  }),
];

// Issue 21: the small plan several suites commit (server, SDK, CLI): read a file, then mail ops.
// Two steps of rising risk under a WRITE ceiling; a call must be `read_file` of /srv/a.txt first.

/** A `CommitPlanRequest` body of the two-step plan for `agent_id` (with `tenant` when given). */
export function readThenMailPlan(agentId: string, tenant?: string): Record<string, unknown> {
  return {
    agent_id: agentId,
    ...(tenant === undefined ? {} : { tenant }),
    goal: 'read then mail',
    steps: [
      { index: 0, action: 'read_file', target: '/srv/a.txt' },
      { index: 1, action: 'send_email', target: 'ops@ourco.com' },
    ],
    max_cumulative_risk_budget: 1,
    authorized_authority_ceiling: 'WRITE',
  };
}

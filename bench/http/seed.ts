// Prepares a fresh real server for the mixed workload through its public API only: agent keys
// for `normal` agents, each earning 3 approved actions the way the spec describes (held, approved
// by another key, resent, runs once); a customer key for the calls of new agents and one for the
// blocked calls; the deny rule and a few other rules, as a tenant would have.
import { DENIED_PATH, DENY_RULE, LOW_RISK_PATH, type WorkloadKeys } from './workload.ts';

export async function call(base: string, apiKey: string, method: string, path: string, body?: unknown): Promise<any> {
  let response: Response;
  // A server just started on a loaded machine may shed (503 AG_OVERLOADED, nothing done): wait and resend.
  for (let attempt = 0; ; attempt++) {
    response = await fetch(base + path, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 503 || attempt >= 30) break;
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
  }
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const OTHER_RULES = [
  { name: 'payments-need-a-human', effect: 'require_approval', match_path: '/tools/payments/' },
  { name: 'calendar-ok', effect: 'allow', match_path: '/tools/calendar/' },
  { name: 'no-prod-db-drop', effect: 'deny', match_path: '/tools/db/drop_table' },
  { name: 'mail-send-held', effect: 'require_approval', match_path: '/tools/mail/send' },
  { name: 'any-delete-held', effect: 'require_approval', match_path: '/tools/*/delete' },
  { name: 'crm-read-ok', effect: 'allow', match_path: '/tools/crm/lookup_contact' },
  { name: 'shell-denied', effect: 'deny', match_path: '/tools/shell/' },
  { name: 'deploy-held', effect: 'require_approval', match_path: '/tools/deploy/' },
  { name: 'browser-ok', effect: 'allow', match_path: '/tools/browser/open_page' },
];

/** Seeds `normalAgents` normal agents and returns the keys the workload uses. */
export async function seed(base: string, adminKey: string, normalAgents: number): Promise<WorkloadKeys> {
  // The server makes its first key once it listens (main.ts): wait for the key, not only for /healthz.
  for (let waited = 0; ; waited += 250) {
    const probe = await fetch(base + '/fabric/tool-rules', { headers: { 'x-api-key': adminKey } });
    await probe.text();
    if (probe.status !== 401 || waited > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const rule of [DENY_RULE, ...OTHER_RULES]) await call(base, adminKey, 'POST', '/fabric/tool-rules', rule);
  const held = (await call(base, adminKey, 'POST', '/fabric/api-keys', { name: 'bench-new-agents', role: 'approver' })).api_key as string;
  const blocked = (await call(base, adminKey, 'POST', '/fabric/api-keys', { name: 'bench-blocked', role: 'approver' })).api_key as string;
  const normal: WorkloadKeys['normal'] = [];
  for (let i = 0; i < normalAgents; i++) {
    const agentId = `worker-${i}`;
    const key = (await call(base, adminKey, 'POST', '/fabric/agent-keys', { name: agentId, agent_id: agentId })).agent_key as string;
    for (let j = 0; j < 3; j++) {
      const body = { path: LOW_RISK_PATH, agent_id: agentId, payload: { query: `seed ${j} for ${agentId}` } };
      const first = await call(base, key, 'POST', '/fabric/decisions', body);
      if (first.verdict !== 'REQUIRE_APPROVAL') throw new Error(`seeding ${agentId}: expected a hold, got ${first.verdict}`);
      // The approval stage names the approval; on PostgreSQL a consensus stage follows it.
      const approvalId = first.stages.find((stage: any) => stage.data?.approval_id).data.approval_id as string;
      await call(base, adminKey, 'POST', `/fabric/approvals/${approvalId}/approve`, {});
      const resent = await call(base, key, 'POST', '/fabric/decisions', body);
      if (resent.verdict !== 'ALLOWED') throw new Error(`seeding ${agentId}: approved resend gave ${resent.verdict}`);
    }
    normal.push({ key, agentId });
  }
  // The scenario is what it claims: a normal agent runs, a new agent is held, the denied path blocks.
  const checks: Array<[string, string, unknown]> = [
    ['ALLOWED', normal[0].key, { path: LOW_RISK_PATH, agent_id: normal[0].agentId, payload: { query: 'check' } }],
    ['REQUIRE_APPROVAL', held, { path: LOW_RISK_PATH, agent_id: 'new-check', payload: { query: 'check' } }],
    ['BLOCKED', blocked, { path: DENIED_PATH, agent_id: 'batch-exporter-check', payload: { query: 'check' } }],
  ];
  for (const [want, key, body] of checks) {
    const got = (await call(base, key, 'POST', '/fabric/decisions', body)).verdict;
    if (got !== want) throw new Error(`seeded scenario: expected ${want}, got ${got}`);
  }
  return { normal, held, blocked };
}

// Agents that authenticate with agent tokens (`Authorization: Bearer`, issue 20) instead of agent
// keys, prepared through the public API like seed.ts's `normal` agents: an identity each, a token
// scoped to the low-risk path, and 3 approved actions so their calls are allowed.
import { LOW_RISK_PATH } from './workload.ts';

async function call(base: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** `count` token agents (the token lives an hour: long enough for any bench run). */
export async function bearerAgents(
  base: string,
  adminKey: string,
  count: number,
): Promise<Array<{ key: string; agentId: string; token: string }>> {
  const admin = { 'x-api-key': adminKey };
  // The tokens act under the admin key that minted them, which may not approve their own holds.
  const approver = {
    'x-api-key': (await call(base, admin, 'POST', '/fabric/api-keys', { name: 'bench-bearer-approver', role: 'approver' }))
      .api_key as string,
  };
  const agents: Array<{ key: string; agentId: string; token: string }> = [];
  for (let i = 0; i < count; i++) {
    const created = await call(base, admin, 'POST', '/fabric/identities', {
      kind: 'agent',
      display_name: `bearer-${i}`,
      capabilities: ['/tools/'],
    });
    const agentId = created.identity.agent_id as string;
    const token = (
      await call(base, admin, 'POST', '/fabric/agent-tokens', { agent_id: agentId, scopes: [LOW_RISK_PATH], ttl_seconds: 3600 })
    ).token as string;
    const bearer = { authorization: `Bearer ${token}` };
    for (let j = 0; j < 3; j++) {
      const body = { path: LOW_RISK_PATH, payload: { query: `seed ${j} for ${agentId}` } };
      const first = await call(base, bearer, 'POST', '/fabric/decisions', body);
      if (first.verdict !== 'REQUIRE_APPROVAL') throw new Error(`seeding ${agentId}: expected a hold, got ${first.verdict}`);
      const approvalId = first.stages.find((stage: any) => stage.data?.approval_id).data.approval_id as string;
      await call(base, approver, 'POST', `/fabric/approvals/${approvalId}/approve`, {});
      const resent = await call(base, bearer, 'POST', '/fabric/decisions', body);
      if (resent.verdict !== 'ALLOWED') throw new Error(`seeding ${agentId}: approved resend gave ${resent.verdict}`);
    }
    agents.push({ key: '', agentId, token });
  }
  return agents;
}

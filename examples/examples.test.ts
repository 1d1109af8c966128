// The LangChain.js and OpenAI Agents SDK examples against the real server: a new agent's call is
// held (the body does not run), a second key approves it, the resent call runs once, and with the
// server gone the tool refuses. No LLM is called: the tools are invoked directly.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { RunContext } from '@openai/agents';
import { ActionGate, ApprovalRequired, GovernanceUnavailable } from '@actiongate/sdk';
import { startServer, type TestServer } from '../packages/server/test/support/test-server.ts';
import { createSendEmailTool, type Email } from './langchain-tool.ts';
import { createTransferTool, explainRefusal, type Transfer } from './openai-agents-tool.ts';

let server: TestServer;
let approverKey: string;

before(async () => {
  server = await startServer();
  const created = await server.call('POST', '/fabric/api-keys', { body: { name: 'alice', role: 'approver' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  approverKey = created.body.api_key;
});
after(() => server.close());

/** A gate for a fresh agent, through its own agent key (as an agent would run). */
async function agentGate(name: string): Promise<ActionGate> {
  const created = await server.call('POST', '/fabric/agent-keys', { body: { name } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  // A generous deadline: on a loaded machine 2 s is not a behaviour these examples test.
  return new ActionGate({ baseUrl: server.url, apiKey: created.body.agent_key, retries: 0, timeoutMs: 20_000 });
}

/** Approves over HTTP with the second (approver) key. */
async function approve(approvalId: string): Promise<void> {
  const answer = await server.call('POST', `/fabric/approvals/${approvalId}/approve`, {
    key: approverKey,
    body: { note: 'checked' },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.status, 'approved');
}

/** A gate whose server has gone away: a port that was listening and is now closed. */
async function goneGate(): Promise<ActionGate> {
  const gone = await startServer();
  const url = gone.url;
  await gone.close();
  return new ActionGate({ baseUrl: url, apiKey: 'agt_gone', retries: 0, timeoutMs: 2000 });
}

test('langchain tool: held for a new agent, approved by a second key, resent, runs once', async () => {
  const outbox: Email[] = [];
  const { sendEmail, sendEmailTool } = createSendEmailTool(await agentGate('lc-mailer'), { deliver: (e) => void outbox.push(e) });
  const email = { to: 'cfo@example.com', subject: 'Q3', body: 'attached' };

  let approvalId = '';
  await assert.rejects(sendEmailTool.invoke(email), (error: unknown) => {
    assert.ok(error instanceof ApprovalRequired, String(error));
    assert.match(error.approvalId, /^apr_/);
    assert.equal(error.decision.verdict, 'REQUIRE_APPROVAL');
    approvalId = error.approvalId;
    return true;
  });
  assert.equal(outbox.length, 0, 'the body does not run while held');
  const pending = await server.call('GET', `/fabric/approvals/${approvalId}`, { key: approverKey });
  assert.deepEqual(pending.body.payload, email, 'the decided payload is the tool input, without the LangChain config');

  await approve(approvalId);
  assert.equal(await sendEmailTool.invoke(email), 'sent to cfo@example.com');
  assert.deepEqual(outbox, [email]);
  const consumed = await server.call('GET', `/fabric/approvals/${approvalId}`, { key: approverKey });
  assert.equal(consumed.body.status, 'consumed');

  // The approval was for one run: the same call again is held again, and nothing more is sent.
  await assert.rejects(sendEmail(email), ApprovalRequired);
  assert.equal(outbox.length, 1);
});

test('langchain tool: refuses with GovernanceUnavailable when the server is down', async () => {
  const outbox: Email[] = [];
  const { sendEmail, sendEmailTool } = createSendEmailTool(await goneGate(), { deliver: (e) => void outbox.push(e) });
  const email = { to: 'cfo@example.com', subject: 'Q3', body: 'attached' };
  await assert.rejects(sendEmailTool.invoke(email), GovernanceUnavailable);
  await assert.rejects(sendEmail(email), GovernanceUnavailable);
  assert.equal(outbox.length, 0);
});

test('openai agents tool: held for a new agent, approved by a second key, resent, runs once', async () => {
  const paid: Transfer[] = [];
  const pay = (t: Transfer) => {
    paid.push(t);
    return `transferred ${t.amount} to ${t.to}`;
  };
  const { transferFunds, transferTool } = createTransferTool(await agentGate('oa-payer'), { pay });
  const transfer = { amount: 120, to: 'acct-9' };

  // Through the tool, as the Agents runner calls it: the model gets a refusal text with the id.
  const answer = await transferTool.invoke(new RunContext(), JSON.stringify(transfer));
  assert.equal(typeof answer, 'string');
  const approvalId = /held for human approval (apr_\S+?)\./.exec(String(answer))?.[1];
  assert.ok(approvalId, `no approval id in ${String(answer)}`);
  assert.equal(paid.length, 0, 'the body does not run while held');
  const pending = await server.call('GET', `/fabric/approvals/${approvalId}`, { key: approverKey });
  assert.deepEqual(pending.body.payload, transfer, 'the decided payload is the tool input, without the run context');

  await approve(approvalId);
  assert.equal(await transferTool.invoke(new RunContext(), JSON.stringify(transfer)), 'transferred 120 to acct-9');
  assert.deepEqual(paid, [transfer]);

  // The underlying guarded function throws: held again for a second run.
  await assert.rejects(transferFunds(transfer), (error: unknown) => error instanceof ApprovalRequired && error.approvalId !== approvalId);
  assert.equal(paid.length, 1);
});

test('openai agents tool: refuses with GovernanceUnavailable when the server is down', async () => {
  const paid: Transfer[] = [];
  const { transferFunds, transferTool } = createTransferTool(await goneGate(), { pay: (t) => String(paid.push(t)) });
  const transfer = { amount: 120, to: 'acct-9' };
  await assert.rejects(transferFunds(transfer), (error: unknown) => {
    assert.ok(error instanceof GovernanceUnavailable, String(error));
    assert.equal(explainRefusal(error), 'not done: the governance service is unreachable, so the action was not taken.');
    return true;
  });
  assert.match(String(await transferTool.invoke(new RunContext(), JSON.stringify(transfer))), /unreachable/);
  assert.equal(paid.length, 0);
});

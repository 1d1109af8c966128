// An OpenAI Agents SDK tool guarded by ActionGate: `transfer_funds` moves money only when
// ActionGate allows that exact call. Held, blocked and unreachable throw before the body runs;
// the tool's `errorFunction` turns them into a plain answer for the model, so it tells the user
// what happened instead of retrying.
//
// Run against a local ActionGate (no LLM involved; the tool is invoked directly):
//   ACTIONGATE_URL=http://127.0.0.1:8080 ACTIONGATE_API_KEY=agt_… npx tsx examples/openai-agents-tool.ts
import { RunContext, tool } from '@openai/agents';
import { z } from 'zod';
import { ActionBlocked, ActionGate, ApprovalRequired, GovernanceUnavailable, type GuardOptions } from '@actiongate/sdk';

export const transferSchema = z.object({
  amount: z.number().describe('amount in EUR'),
  to: z.string().describe('destination account'),
});

export type Transfer = z.infer<typeof transferSchema>;

export interface TransferToolOptions {
  /** Moves the money: your payment API. Runs only after an allowing decision. */
  pay: (transfer: Transfer) => Promise<string> | string;
  /** The agent the calls are decided for; defaults to the agent of an agent key. */
  agentId?: string;
  /** Wait for a human instead of throwing `ApprovalRequired` (then the identical call runs once). */
  waitForApproval?: GuardOptions<[Transfer]>['waitForApproval'];
}

/** What the model is told when ActionGate did not let the call run. */
export function explainRefusal(error: unknown): string {
  if (error instanceof ApprovalRequired) {
    return `not done: held for human approval ${error.approvalId}. Tell the user; the identical call can be sent again once it is approved.`;
  }
  if (error instanceof ActionBlocked) return `not done: refused by policy (${error.message}). Do not retry.`;
  if (error instanceof GovernanceUnavailable) return 'not done: the governance service is unreachable, so the action was not taken.';
  return `not done: the tool failed (${error instanceof Error ? error.message : String(error)}).`;
}

/**
 * Builds the guarded `transfer_funds` function and the Agents SDK tool around it. `execute` passes
 * only the parsed input to the guard: the SDK also passes the run context, which must not become
 * part of the payload that is decided on.
 */
export function createTransferTool(gate: ActionGate, options: TransferToolOptions) {
  const transferFunds = gate.guard('/tools/transfer_funds', async (transfer: Transfer) => options.pay(transfer), {
    agentId: options.agentId,
    waitForApproval: options.waitForApproval,
  });
  const transferTool = tool({
    name: 'transfer_funds',
    description: 'Transfer money to an account. Every call is checked by ActionGate and may be held for a human.',
    parameters: transferSchema,
    execute: async (transfer) => transferFunds(transfer),
    errorFunction: (_context, error) => explainRefusal(error),
  });
  return { transferFunds, transferTool };
}

async function main(): Promise<void> {
  const gate = new ActionGate(); // ACTIONGATE_URL, ACTIONGATE_API_KEY (an agent key: agt_…)
  const { transferTool } = createTransferTool(gate, {
    pay: (transfer) => `(pretend) transferred ${transfer.amount} to ${transfer.to}`,
  });
  // What the Agents runner does when the model calls the tool: arguments arrive as a JSON string.
  const answer = await transferTool.invoke(new RunContext(), JSON.stringify({ amount: 120, to: 'acct-9' }));
  console.log(answer);
  if (typeof answer === 'string' && answer.includes('held for human approval')) {
    console.log(`approve it at ${gate.baseUrl}/dashboard or with: npx actiongate approvals approve apr_…, then run this again`);
  }
  // In an agent: new Agent({ name: 'payer', instructions: '…', tools: [transferTool] }), then run(agent, '…').
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

// A LangChain.js tool guarded by ActionGate: the model may call `send_email` as often as it likes,
// but the email goes out only when ActionGate allows that exact call. Held, blocked and
// unreachable all throw before the body runs.
//
// Run against a local ActionGate (no LLM involved; the tool is invoked directly):
//   ACTIONGATE_URL=http://127.0.0.1:8080 ACTIONGATE_API_KEY=agt_… npx tsx examples/langchain-tool.ts
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { ActionBlocked, ActionGate, ApprovalRequired, GovernanceUnavailable, type GuardOptions } from '@actiongate/sdk';

export const sendEmailSchema = z.object({
  to: z.string().describe('recipient address'),
  subject: z.string(),
  body: z.string(),
});

export type Email = z.infer<typeof sendEmailSchema>;

export interface SendEmailToolOptions {
  /** Where a sent email goes: your mail API. Runs only after an allowing decision. */
  deliver: (email: Email) => Promise<void> | void;
  /** The agent the calls are decided for; defaults to the agent of an agent key. */
  agentId?: string;
  /** Wait for a human instead of throwing `ApprovalRequired` (then the identical call runs once). */
  waitForApproval?: GuardOptions<[Email]>['waitForApproval'];
}

/**
 * Builds the guarded `send_email` function and the LangChain tool around it. The tool passes only
 * the parsed input to the guard: LangChain calls its function with a second (config) argument,
 * which must not become part of the payload that is decided on.
 */
export function createSendEmailTool(gate: ActionGate, options: SendEmailToolOptions) {
  const sendEmail = gate.guard(
    '/tools/send_email',
    async (email: Email) => {
      await options.deliver(email);
      return `sent to ${email.to}`;
    },
    { agentId: options.agentId, waitForApproval: options.waitForApproval },
  );
  const sendEmailTool = tool(async (email: Email) => sendEmail(email), {
    name: 'send_email',
    description: 'Send an email. Every call is checked by ActionGate and may be held for a human.',
    schema: sendEmailSchema,
  });
  return { sendEmail, sendEmailTool };
}

async function main(): Promise<void> {
  const gate = new ActionGate(); // ACTIONGATE_URL, ACTIONGATE_API_KEY (an agent key: agt_…)
  const { sendEmailTool } = createSendEmailTool(gate, {
    deliver: (email) => console.log(`(pretend) delivering to ${email.to}: ${email.subject}`),
  });
  try {
    console.log(await sendEmailTool.invoke({ to: 'cfo@example.com', subject: 'Q3', body: 'attached' }));
  } catch (error) {
    if (error instanceof ApprovalRequired) {
      console.log(`held for approval ${error.approvalId}: approve it at ${gate.baseUrl}/dashboard`);
      console.log(`or with: npx actiongate approvals approve ${error.approvalId}   (an admin or approver key)`);
      console.log('then run this again: the identical call runs, once');
    } else if (error instanceof ActionBlocked) console.log(`refused: ${error.message}`);
    else if (error instanceof GovernanceUnavailable) console.log(`no decision, not sending: ${error.message}`);
    else throw error;
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

// Asking the human inline, for clients that declared elicitation: a form naming the tool, the
// server and the arguments, with one yes/no field. Only an explicit accept with approve = true
// counts; a decline, a dismissal, an error or a malformed answer is not an approval.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ClientCapabilities, RequestId } from '@modelcontextprotocol/sdk/types.js';

export type ElicitOutcome = 'approve' | 'decline' | 'cancel';

const SUMMARY_LIMIT = 600;

/** Whether the client can answer a form elicitation. */
export function canElicitForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as { form?: object; url?: object } | undefined;
  if (!elicitation) return false;
  // An empty `elicitation: {}` (clients of earlier protocol versions) means form support.
  return Boolean(elicitation.form) || !elicitation.url;
}

/** A short, single-line rendering of the arguments for the form. */
export function summarizeArguments(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length <= SUMMARY_LIMIT ? text : `${text.slice(0, SUMMARY_LIMIT)}… (${text.length} characters)`;
}

export interface ElicitRequest {
  serverKey: string;
  tool: string;
  args: Record<string, unknown>;
  approvalId: string;
  reason: string;
}

/** Asks the client's user; answers what they chose (an error or a malformed answer counts as `cancel`). */
export async function elicitApproval(
  server: Server,
  request: ElicitRequest,
  options: { relatedRequestId: RequestId; signal: AbortSignal; timeoutMs: number },
): Promise<ElicitOutcome> {
  const message =
    `ActionGate holds this tool call for a human decision (approval ${request.approvalId}).\n` +
    `Tool: ${request.tool}\nServer: ${request.serverKey}\nArguments: ${summarizeArguments(request.args)}\n` +
    `Why: ${request.reason}\nApprove it to run it once, exactly as shown.`;
  const result = await server.elicitInput(
    {
      mode: 'form',
      message,
      requestedSchema: {
        type: 'object',
        properties: {
          approve: {
            type: 'boolean',
            title: 'Approve this call?',
            description: `run ${request.tool} on ${request.serverKey} once`,
            default: false,
          },
        },
        required: ['approve'],
      },
    },
    { relatedRequestId: options.relatedRequestId, signal: options.signal, timeout: options.timeoutMs },
  );
  if (result.action === 'accept') return result.content?.approve === true ? 'approve' : 'decline';
  return result.action === 'decline' ? 'decline' : 'cancel';
}

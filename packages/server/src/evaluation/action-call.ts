// How an action request (AssessRequest, EvaluateActionRequest, DecideActionRequest, ExecuteRequest)
// becomes a tool call the chain judges: the tool (or the action) names the path, the rest is the
// payload, so the risk classifier and the tool rules see it as they would see the call itself.

export interface ActionFields {
  action: string;
  tool?: string | null;
  resource?: string | null;
  intent?: string | null;
  parameters?: Record<string, unknown> | null;
}

/** The path and payload of the call an action stands for. */
export function actionCall(fields: ActionFields): { path: string; payload: Record<string, unknown> } {
  const tool = fields.tool ?? fields.action;
  const payload: Record<string, unknown> = { action: fields.action };
  if (fields.resource) payload.resource = fields.resource;
  if (fields.intent) payload.intent = fields.intent;
  if (fields.parameters) payload.parameters = fields.parameters;
  return { path: `/tools/${tool.replace(/^\/+/, '')}`, payload };
}

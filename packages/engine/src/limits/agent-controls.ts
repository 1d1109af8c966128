// Agent controls: how many actions an agent may run in any sliding hour, and how many may run at
// once. An action counts from its allowed decision; it stops running when its outcome is reported
// or after RUNNING_TIMEOUT_MS without one.

export interface AgentControls {
  maxActionsPerHour: number | null;
  maxConcurrentActions: number | null;
}

/** The agent's controls with what it did, read in the decision's transaction. */
export interface AgentControlState extends AgentControls {
  /** Allowed decisions of the agent in the hour before now. */
  actionsLastHour: number;
  /** Allowed decisions without an outcome, younger than RUNNING_TIMEOUT_MS. */
  running: number;
}

/** How long an allowed decision without an outcome counts as running. */
export const RUNNING_TIMEOUT_MS = 15 * 60 * 1000;
export const HOUR_MS = 3600 * 1000;

/** Which control this call would pass, in words, with its figures; null when none. */
export function agentControlExcess(agentId: string, controls: AgentControlState | null | undefined) {
  if (!controls) return null;
  if (controls.maxActionsPerHour !== null && controls.actionsLastHour + 1 > controls.maxActionsPerHour) {
    return {
      limit: 'max_actions_per_hour' as const,
      detail: `agent ${agentId} ran ${controls.actionsLastHour} actions in the last hour; its max_actions_per_hour is ${controls.maxActionsPerHour}`,
      data: { limit: 'max_actions_per_hour', max: controls.maxActionsPerHour, actions_last_hour: controls.actionsLastHour },
    };
  }
  if (controls.maxConcurrentActions !== null && controls.running + 1 > controls.maxConcurrentActions) {
    return {
      limit: 'max_concurrent_actions' as const,
      detail: `agent ${agentId} has ${controls.running} actions running (no outcome reported); its max_concurrent_actions is ${controls.maxConcurrentActions}`,
      data: { limit: 'max_concurrent_actions', max: controls.maxConcurrentActions, running: controls.running },
    };
  }
  return null;
}

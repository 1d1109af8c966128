// Issue 15: the answer to `POST /fabric/decisions` written member by member, with the stages' JSON the
// store already wrote for the decision's body (stages-json.ts), instead of Fastify's serialiser
// walking the record again. The members and values are those of `presentDecision(row, false)` under
// the `DecisionRecord` schema; a record of any other shape gets null, and the route serialises it as
// before. decision-answer-text.test.ts holds the two equal.
import { jsonString, type StageResult } from '@actiongate/engine';
import { iso } from './present.ts';
import { stagesJson } from './stages-json.ts';
import type { DecisionRow } from './store/store.ts';

const STAGE_MEMBERS = 5;

/** A stage whose JSON holds exactly the `Stage` schema's members, each of its type. */
function schemaShaped(stage: StageResult): boolean {
  let members = 0;
  for (const name in stage) {
    if (!Object.hasOwn(stage, name)) return false;
    members++;
  }
  const { data } = stage;
  return (
    members === STAGE_MEMBERS &&
    typeof stage.stage === 'string' &&
    typeof stage.verdict === 'string' &&
    typeof stage.enforcing === 'boolean' &&
    typeof stage.detail === 'string' &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    typeof (data as { toJSON?: unknown }).toJSON !== 'function'
  );
}

export function decisionAnswerText(row: DecisionRow): string | null {
  // Strings as JSON.stringify writes them, most without its call (canonical-json.ts).
  const q = jsonString;
  const { id, verdict, mode, path, agentId, detail, risk, approvalId, stages } = row;
  if (
    typeof id !== 'string' ||
    typeof verdict !== 'string' ||
    typeof row.blocked !== 'boolean' ||
    typeof row.enforcing !== 'boolean' ||
    typeof mode !== 'string' ||
    typeof path !== 'string' ||
    typeof agentId !== 'string' ||
    typeof detail !== 'string' ||
    typeof risk !== 'string' ||
    (approvalId !== null && typeof approvalId !== 'string') ||
    !Number.isFinite(row.createdAt) ||
    !Array.isArray(stages) ||
    !stages.every(schemaShaped)
  )
    return null;
  return (
    '{"decision_id":' +
    q(id) +
    ',"verdict":' +
    q(verdict) +
    ',"blocked":' +
    row.blocked +
    ',"enforcing":' +
    row.enforcing +
    ',"mode":' +
    q(mode) +
    ',"path":' +
    q(path) +
    ',"agent_id":' +
    q(agentId) +
    ',"detail":' +
    q(detail) +
    ',"risk":' +
    q(risk) +
    ',"approval_id":' +
    (approvalId === null ? 'null' : q(approvalId)) +
    ',"created_at":' +
    q(iso(row.createdAt)) +
    ',"stages":' +
    stagesJson(stages) +
    '}'
  );
}

// The SDK's hand-written request types against the server's TypeBox schemas, checked by tsc (the
// suite runs `tsc --noEmit` over tests): each pair must be mutually assignable. Type-only imports,
// so the SDK itself keeps no dependency on the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Static } from 'typebox';
import type * as Server from '../../server/src/schemas.ts';
import type * as Sdk from '../src/types.ts';
import type * as SdkBudgets from '../src/budget-types.ts';
import type * as ServerBudgets from '../../server/src/schemas/budgets.ts';
import type * as ServerEvaluation from '../../server/src/schemas/evaluation.ts';

type Fits<A, B> = [A] extends [B] ? true : false;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
/** Everything the SDK sends is a valid server request, and both name the same fields. */
type Matches<A, B> = Fits<A, B> extends true ? SameKeys<A, B> : false;
// The server's ArgCondition `op` is built with `.map(Type.Literal)`, which TypeScript sees as `never`;
// its fields are compared by name only until that schema spells its literals out.
type WithoutArgs<T> = Omit<T, 'match_args'>;

const checks = {
  DecisionRequest: true satisfies Matches<Sdk.DecisionRequest, Server.DecisionRequest>,
  OutcomeRequest: true satisfies Matches<Sdk.OutcomeRequest, Server.OutcomeRequest>,
  AgentKeyRequest: true satisfies Matches<Sdk.AgentKeyRequest, Server.AgentKeyRequest>,
  ApiKeyRequest: true satisfies Matches<Sdk.ApiKeyRequest, Server.ApiKeyRequest>,
  ToolRuleRequest: true satisfies Matches<WithoutArgs<Sdk.ToolRuleRequest>, WithoutArgs<Server.ToolRuleRequest>>,
  ToolRuleRequestKeys: true satisfies SameKeys<Sdk.ToolRuleRequest, Server.ToolRuleRequest>,
  ToolRulePatch: true satisfies Matches<WithoutArgs<Sdk.ToolRulePatch>, WithoutArgs<Server.ToolRulePatch>>,
  ToolRulePatchKeys: true satisfies SameKeys<Sdk.ToolRulePatch, Server.ToolRulePatch>,
  ArgConditionKeys: true satisfies SameKeys<Sdk.ArgCondition, NonNullable<Server.ToolRuleRequest['match_args']>[number]>,
  ApprovalDecisionRequest: true satisfies Matches<Sdk.ApprovalDecisionRequest, Server.ApprovalDecisionRequest>,
  ApprovalListQuery: true satisfies Matches<Sdk.ApprovalListQuery, Server.ApprovalListQuery>,
  DecisionListQuery: true satisfies Matches<Sdk.DecisionListQuery, Server.DecisionListQuery>,
  AddToolRequest: true satisfies Matches<Sdk.AddToolRequest, Server.AddToolRequest>,
  SettingsPatch: true satisfies Matches<Sdk.SettingsPatch, Server.SettingsPatch>,
  // Issue 19.
  CreateBudgetRequest: true satisfies Matches<
    Omit<SdkBudgets.CreateBudgetRequest, 'metadata'>,
    Omit<ServerBudgets.CreateBudgetRequest, 'metadata'>
  >,
  ReserveRequest: true satisfies Matches<SdkBudgets.ReserveRequest, ServerBudgets.ReserveRequest>,
  CommitRequest: true satisfies Matches<SdkBudgets.CommitRequest, ServerBudgets.CommitRequest>,
  AgentControlRequest: true satisfies Matches<SdkBudgets.AgentControlRequest, ServerBudgets.AgentControlRequest>,
  DryRunRequest: true satisfies Matches<SdkBudgets.DryRunRequest, ServerEvaluation.DryRunRequest>,
  AssessRequest: true satisfies Matches<SdkBudgets.AssessRequest, ServerEvaluation.AssessRequest>,
  EvaluateActionRequest: true satisfies Matches<SdkBudgets.EvaluateActionRequest, ServerEvaluation.EvaluateActionRequest>,
  DecideActionRequest: true satisfies Matches<SdkBudgets.DecideActionRequest, ServerEvaluation.DecideActionRequest>,
  ExecuteRequest: true satisfies Matches<
    Omit<SdkBudgets.ExecuteRequest, 'parameters'>,
    Omit<ServerEvaluation.ExecuteRequest, 'parameters'>
  >,
  // Answers: what the SDK promises must fit the server's response schema.
  Decision: true satisfies Fits<Sdk.Decision, Static<typeof Server.DecisionRecord>>,
  DecisionRecord: true satisfies Fits<Sdk.DecisionRecord, Static<typeof Server.DecisionRecord>>,
};

test('the request types match the server schemas (checked by tsc)', () => {
  assert.ok(Object.values(checks).every(Boolean));
});

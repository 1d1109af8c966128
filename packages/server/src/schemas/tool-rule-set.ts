// Request and response schemas of `PUT /fabric/tool-rules` (issue 16, rules as code): the tenant's
// whole rule set declared at once. Each rule is the spec's `ToolRuleRequest`.
import { Type, type Static, type TSchema } from 'typebox';
import type { ToolRuleRequest } from '../schemas.ts';

function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

/** Most rules one set may declare. */
export const MAX_RULES_PER_SET = 1000;

export const ToolRuleSetRequest = Type.Object(
  {
    rules: Type.Array(Type.Unsafe<ToolRuleRequest>({ $ref: 'ToolRuleRequest#' }), {
      maxItems: MAX_RULES_PER_SET,
      description:
        'every rule of the tenant, matched to the stored rules by `name` (unique in the set): a new name is created, a changed rule keeps its id and gets the next version, a stored rule not named here is deleted',
    }),
  },
  { $id: 'ToolRuleSetRequest', additionalProperties: false },
);
export type ToolRuleSetRequest = Static<typeof ToolRuleSetRequest>;

export const ToolRuleSetQuery = Type.Object(
  { dry_run: Type.Optional(Type.Boolean({ default: false, description: 'plan and answer the changes without applying them' })) },
  { additionalProperties: false },
);

export const ToolRuleChange = Type.Object(
  {
    action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete'), Type.Literal('unchanged')]),
    name: Type.String(),
    id: Type.String({ description: 'prefix `tr_`; for a dry run, the id a new rule would get' }),
    from_version: Type.Union([Type.Integer(), Type.Null()], { description: 'stored version before; null for a new rule' }),
    to_version: Type.Union([Type.Integer(), Type.Null()], { description: 'version after; null for a deleted rule' }),
    fields: Type.Array(Type.String(), { description: 'the declared fields that differ (updates)' }),
  },
  { $id: 'ToolRuleChange' },
);

export const ToolRuleSetResult = Type.Object(
  {
    applied: Type.Boolean({ description: 'false for a dry run' }),
    changes: Type.Array(ref(ToolRuleChange)),
    summary: Type.Object({
      created: Type.Integer(),
      updated: Type.Integer(),
      deleted: Type.Integer(),
      unchanged: Type.Integer(),
    }),
    rules: Type.Array(Type.Unsafe<unknown>({ $ref: 'ToolRule#' }), { description: 'the rule set after the change (or as it would be)' }),
  },
  { $id: 'ToolRuleSetResult' },
);

export const TOOL_RULE_SET_SCHEMAS: TSchema[] = [ToolRuleSetRequest, ToolRuleChange, ToolRuleSetResult];

// Schemas of journal anchoring (issue 22), named as in the spec where it names them.
import { Type, type Static, type TSchema } from 'typebox';

const FreeObject = Type.Object({}, { additionalProperties: true });

export const AnchorCheckpointRequest = Type.Object(
  {
    anchor_type: Type.Optional(
      Type.Union([Type.Literal('AUTO'), Type.Literal('FILE')], {
        default: 'AUTO',
        description:
          'FILE: written to ACTIONGATE_ANCHOR_DIR (required); AUTO: POSTed to ACTIONGATE_ANCHOR_URL when configured, else written to the directory when configured, else kept in the database',
      }),
    ),
    extra_config: Type.Optional(Type.Union([FreeObject, Type.Null()], { description: 'kept in the receipt as given (at most 4 KB)' })),
  },
  { $id: 'AnchorCheckpointRequest', additionalProperties: false },
);
export type AnchorCheckpointRequest = Static<typeof AnchorCheckpointRequest>;

export const AnchorReceipt = Type.Object(
  {
    v: Type.Literal(1),
    kind: Type.Literal('actiongate.anchor-receipt'),
    anchor_id: Type.String(),
    tenant_id: Type.String(),
    anchor_type: Type.String(),
    anchored_at: Type.String({ format: 'date-time' }),
    message_imprint: Type.Object({ hash_algorithm: Type.String(), hashed_message: Type.String() }),
    tree_head: FreeObject,
    location: Type.String({
      description: '`url:<ACTIONGATE_ANCHOR_URL>` (POSTed there, answered 2xx), `file:<name>` in the anchor directory, or `database`',
    }),
    extra_config: Type.Union([FreeObject, Type.Null()]),
    key_id: Type.String(),
    signature: Type.String(),
  },
  { $id: 'AnchorReceipt' },
);
export const AnchorList = Type.Object({ anchors: Type.Array(Type.Unsafe({ $ref: 'AnchorReceipt#' })) }, { $id: 'AnchorList' });

export const AnchorVerification = Type.Object(
  {
    anchor_id: Type.String(),
    valid: Type.Boolean(),
    receipt_valid: Type.Boolean(),
    consistent: Type.Boolean({ description: 'the current journal extends the anchored head' }),
    anchored_size: Type.Union([Type.Integer(), Type.Null()]),
    later_size: Type.Union([Type.Integer(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    receipt: Type.Unsafe({ $ref: 'AnchorReceipt#' }),
    current_tree_head: FreeObject,
    consistency_proof: Type.Array(Type.String()),
    file: Type.Object({
      checked: Type.Boolean(),
      matches: Type.Union([Type.Boolean(), Type.Null()]),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  { $id: 'AnchorVerification' },
);

export const ANCHOR_SCHEMAS: TSchema[] = [AnchorCheckpointRequest, AnchorReceipt, AnchorList, AnchorVerification];

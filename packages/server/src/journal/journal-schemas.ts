// Request and response schemas of the journal routes, named as in the spec where it names them.
import { Type, type Static } from 'typebox';

const Hash = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256, lowercase hex' });
const FreeObject = Type.Object({}, { additionalProperties: true });

export const JournalListQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'only entries with a larger `seq`' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1000 })),
});
export type JournalListQuery = Static<typeof JournalListQuery>;

export const InclusionProofRequest = Type.Object(
  { evidence_id: Type.String({ minLength: 1, maxLength: 200, description: 'a decision id (`fd_…`) or an approval id (`apr_…`)' }) },
  { $id: 'InclusionProofRequest' },
);
export type InclusionProofRequest = Static<typeof InclusionProofRequest>;

export const ConsistencyQuery = Type.Object({
  from: Type.Integer({ minimum: 1, description: 'size of the older tree' }),
  to: Type.Optional(Type.Integer({ minimum: 1, description: 'size of the newer tree; defaults to the current size' })),
});
export type ConsistencyQuery = Static<typeof ConsistencyQuery>;

export const JournalVerifyReq = Type.Object(
  {
    journal: Type.Array(Type.Unknown(), { description: 'the `entries` of an export, from the first entry' }),
    fabric_public_key: Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 4000 }),
        Type.Array(Type.String({ minLength: 1, maxLength: 4000 }), { minItems: 1, maxItems: 32 }),
      ],
      { description: 'Ed25519 public key: raw base64url (the JWK `x`) or PEM; a list when records span a key rotation' },
    ),
    expected_head: Type.Optional(Type.Union([Hash, Type.Null()], { description: 'the `entry_hash` the journal must end at' })),
    tree_head: Type.Optional(Type.Union([FreeObject, Type.Null()], { description: 'a signed tree head the journal must match' })),
  },
  { $id: 'JournalVerifyReq' },
);
export type JournalVerifyReq = Static<typeof JournalVerifyReq>;

export const JournalVerification = Type.Object(
  {
    valid: Type.Boolean(),
    length: Type.Integer(),
    head: Type.Union([Type.String(), Type.Null()]),
    first_invalid_index: Type.Union([Type.Integer(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'JournalVerification' },
);

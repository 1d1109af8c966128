// Request and response schemas of the journal routes, named as in the spec where it names them.
import { Type, type Static, type TSchema } from 'typebox';

const Hash = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256, lowercase hex' });
const FreeObject = Type.Object({}, { additionalProperties: true });
const Time = Type.String({ format: 'date-time' });

/** A reference to a schema registered by name (as `ref` of schemas.ts, which imports this file). */
function ref<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ $ref: `${(schema as { $id?: string }).$id}#` });
}

export const JournalEntry = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, description: "position in the tenant's journal; the Merkle leaf index is seq - 1" }),
    type: Type.Union([
      Type.Literal('decision'),
      Type.Literal('approval.created'),
      Type.Literal('approval.approved'),
      Type.Literal('approval.denied'),
      Type.Literal('approval.expired'),
      Type.Literal('approval.consumed'),
      Type.Literal('approval.vote'),
    ]),
    ref_id: Type.String({ description: 'the decision or approval id' }),
    time: Time,
    content_hash: { ...Hash, description: 'SHA-256 of the canonical JSON of `record`' },
    prev_hash: { ...Hash, description: '`entry_hash` of the entry before; 64 zeros for the first' },
    entry_hash: { ...Hash, description: 'SHA-256 of the canonical JSON of {seq, type, ref_id, time, content_hash, prev_hash}' },
    record: Type.Object({}, { additionalProperties: true, description: 'the decision, or the approval right after the event' }),
    payload: Type.Optional(
      Type.Unknown({ description: "a decision's payload; the record covers it through `payload_hash` (canonical JSON, SHA-256)" }),
    ),
  },
  { $id: 'JournalEntry' },
);

export const TreeHead = Type.Object(
  {
    tenant_id: Type.String(),
    tree_size: Type.Integer({ minimum: 0 }),
    root_hash: { ...Hash, description: 'RFC 6962 Merkle root over the entry hashes of the first `tree_size` entries' },
    timestamp: Time,
    key_id: Type.String({ description: 'the `kid` of a key listed at /fabric/keys/public' }),
    signature: Type.String({ description: 'base64url Ed25519 over the canonical JSON of the other five fields' }),
  },
  { $id: 'TreeHead' },
);

export const JournalExport = Type.Object(
  {
    entries: Type.Array(ref(JournalEntry)),
    tree_head: Type.Union([ref(TreeHead), Type.Null()], {
      description: 'a signed head over exactly these entries, when they start at the first',
    }),
    next_after: Type.Union([Type.Integer(), Type.Null()], { description: '`after` for the next page; null on the last' }),
  },
  { $id: 'JournalExport' },
);

export const InclusionProof = Type.Object(
  {
    entry: ref(JournalEntry),
    leaf_index: Type.Integer({ minimum: 0 }),
    tree_size: Type.Integer({ minimum: 1 }),
    audit_path: Type.Array(Hash, { description: 'RFC 9162 inclusion proof, leaf to root' }),
    tree_head: ref(TreeHead),
  },
  { $id: 'InclusionProof' },
);

export const ConsistencyProof = Type.Object(
  {
    from: Type.Integer({ minimum: 1 }),
    to: Type.Integer({ minimum: 1 }),
    proof: Type.Array(Hash, { description: 'RFC 9162 consistency proof' }),
    first_tree_head: ref(TreeHead),
    second_tree_head: ref(TreeHead),
  },
  { $id: 'ConsistencyProof' },
);

export const KeyRotation = Type.Object(
  {
    rotated: Type.Object(
      { kid: Type.String(), x: Type.String() },
      { additionalProperties: true, description: 'the new signing key (JWK)' },
    ),
    keys: Type.Array(FreeObject, { description: 'every key, as at /fabric/keys/public' }),
  },
  { $id: 'KeyRotation' },
);

export const JournalListQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'only entries with a larger `seq`' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1000 })),
});
export type JournalListQuery = Static<typeof JournalListQuery>;

export const InclusionProofRequest = Type.Object(
  { evidence_id: Type.String({ minLength: 1, maxLength: 200, description: 'a decision id (`fd_…`) or an approval id (`apr_…`)' }) },
  { $id: 'InclusionProofRequest', additionalProperties: false },
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
  { $id: 'JournalVerifyReq', additionalProperties: false },
);
export type JournalVerifyReq = Static<typeof JournalVerifyReq>;

export const JournalVerification = Type.Object(
  {
    valid: Type.Boolean(),
    length: Type.Integer(),
    head: Type.Union([Type.String(), Type.Null()]),
    first_invalid_index: Type.Union([Type.Integer(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    signatures: Type.Optional(
      Type.Object(
        { v1: Type.Integer(), v2: Type.Integer() },
        {
          description:
            'decision signatures checked, by version: v1 covers id, tenant, time, verdict and stage verdicts; v2 also agent, key, tool path and payload hash',
        },
      ),
    ),
  },
  { $id: 'JournalVerification' },
);

/** The journal's named schemas, registered with the others (schemas.ts `SHARED_SCHEMAS`). */
export const JOURNAL_SCHEMAS: TSchema[] = [
  JournalEntry,
  TreeHead,
  JournalExport,
  InclusionProofRequest,
  InclusionProof,
  ConsistencyProof,
  JournalVerifyReq,
  JournalVerification,
  KeyRotation,
];

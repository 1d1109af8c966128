// Request and response schemas of the cluster routes (issue 14), with the spec's names:
// `FaultReq` and `ClusterStatusResponse`.
import { Type, type Static, type TSchema } from 'typebox';

export const FaultReq = Type.Object(
  {
    action: Type.Union([Type.Literal('crash'), Type.Literal('restore')], {
      description: '`crash` takes the node out of service (readiness fails, decisions answer 503); `restore` brings it back',
    }),
    node: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 4 }), Type.Null()], {
        description: "the member's number in `membership.nodes` (by start time); null or absent: the node answering",
      }),
    ),
  },
  { $id: 'FaultReq', additionalProperties: false },
);
export type FaultReq = Static<typeof FaultReq>;

const ClusterMember = Type.Object(
  {
    node_id: Type.String(),
    index: Type.Integer({ minimum: 1, description: 'the number a `FaultReq` names' }),
    healthy: Type.Boolean({ description: 'fresh heartbeat and in service' }),
    running: Type.Boolean({ description: 'in service (no `crash` fault)' }),
    fault: Type.Union([Type.Literal('crash'), Type.Null()]),
    fault_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    started_at: Type.String({ format: 'date-time' }),
    last_heartbeat_at: Type.String({ format: 'date-time' }),
    heartbeat_age_ms: Type.Integer({ minimum: 0 }),
    host: Type.String(),
    pid: Type.Integer(),
  },
  { additionalProperties: false },
);

export const ClusterStatusResponse = Type.Object(
  {
    node_id: Type.String({ description: "this node's name (`ACTIONGATE_NODE_ID`)" }),
    cluster_id: Type.String(),
    node_count: Type.Integer({ minimum: 0, description: 'members: nodes whose heartbeats are not yet forgotten' }),
    healthy_nodes: Type.Integer({ minimum: 0 }),
    quorum: Type.Integer({ minimum: 1, description: 'healthy nodes needed: a majority of the members' }),
    is_quorum: Type.Boolean(),
    can_tolerate_byzantine: Type.Boolean({ description: 'a membership-count check only: 4 or more members' }),
    byzantine_f1_readiness: Type.String({
      description: 'a membership-count topology check only: `ready` with at least 4 members and at least 4 trusted (healthy) ones',
    }),
    running: Type.Boolean({ description: 'this node is in service' }),
    quarantined_nodes: Type.Array(Type.String(), { description: 'members a `crash` fault took out of service' }),
    node_identity: Type.Object(
      {
        node_id: Type.String(),
        index: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
        mode: Type.Union([Type.Literal('multi-node'), Type.Literal('single-node')]),
        store: Type.Union([Type.Literal('postgresql'), Type.Literal('sqlite')]),
        started_at: Type.String({ format: 'date-time' }),
        host: Type.String(),
        pid: Type.Integer(),
        signing_key_ids: Type.Array(Type.String(), { description: "this node's Ed25519 key ids (`GET /fabric/keys/public`)" }),
      },
      { additionalProperties: false },
    ),
    membership: Type.Object(
      {
        nodes: Type.Array(ClusterMember),
        heartbeat_interval_ms: Type.Integer(),
        unhealthy_after_ms: Type.Integer(),
        forget_after_ms: Type.Integer(),
        read_at: Type.String({ format: 'date-time', description: "the time of this read, in the database's clock" }),
      },
      { additionalProperties: false },
    ),
    pbft_engine_version: Type.Union([Type.String(), Type.Null()], { default: '33.4-production-hardened' }),
    pbft_view: Type.Union([Type.Integer(), Type.Null()], { default: 0 }),
    pbft_sequence: Type.Union([Type.Integer(), Type.Null()], { default: 0 }),
    state_root: Type.Union([Type.String(), Type.Null()], {
      default: '',
      description: "the Merkle root of the caller's tenant journal (hex; empty journal: the empty tree's root)",
    }),
  },
  { $id: 'ClusterStatusResponse', additionalProperties: false },
);
export type ClusterStatusResponse = Static<typeof ClusterStatusResponse>;

export const CLUSTER_SCHEMAS: TSchema[] = [FaultReq, ClusterStatusResponse];

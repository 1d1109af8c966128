// The cluster (issue 14): `GET /fabric/cluster/status` reports the membership the heartbeats in the
// database give, and `POST /fabric/cluster/fault` (operator only) takes a node out of service and
// back for failover drills. A node out of service answers 503 to everything under /fabric except
// these two routes (so it can be inspected and restored), and its readiness probe fails.
import { keyOf } from '../auth.ts';
import type { ClusterNode } from '../cluster/cluster-node.ts';
import { byzantineReadiness } from '../cluster/cluster-membership.ts';
import type { App, AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { JournalService } from '../journal/journal-service.ts';
import { DEFAULT_TENANT, requireOperator } from '../operator.ts';
import { iso } from '../present.ts';
import { ErrorResponse, errorResponses, ref } from '../schemas.ts';
import { ClusterStatusResponse, FaultReq } from '../schemas/cluster.ts';
import { SECURITY_SCHEME } from './openapi.ts';

/** The spec's defaults for the PBFT fields: this cluster agrees through its database, not PBFT. */
const PBFT_ENGINE_VERSION = '33.4-production-hardened';

/** Routes a node out of service still answers. */
const IN_SERVICE_EXEMPT = '/fabric/cluster/';

/** Refuses every /fabric request while this node is out of service (a `crash` fault), before its key is read. */
export function refuseWhileOutOfService(app: App, cluster: ClusterNode): void {
  // Callback style, not async: the check is synchronous, and runs on every request (issue 15).
  app.addHook('onRequest', (request, _reply, done) => {
    if (cluster.running) return done();
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith('/fabric') || path.startsWith(IN_SERVICE_EXEMPT)) return done();
    throw new ApiError(
      'AG_NODE_OUT_OF_SERVICE',
      `node \`${cluster.nodeId}\` is out of service (a \`crash\` fault); nothing was decided or changed: send the call to another node, or restore this one with \`POST /fabric/cluster/fault\``,
    );
  });
}

async function statusOf(ctx: AppContext, cluster: ClusterNode, journal: JournalService, tenantId: string) {
  const { clusterId, at, membership } = await cluster.read();
  const self = membership.members.find((member) => member.nodeId === cluster.nodeId);
  const byzantine = byzantineReadiness(membership);
  const head = await journal.head(tenantId);
  return {
    node_id: cluster.nodeId,
    cluster_id: clusterId,
    node_count: membership.nodeCount,
    healthy_nodes: membership.healthyNodes,
    quorum: membership.quorum,
    is_quorum: membership.isQuorum,
    can_tolerate_byzantine: byzantine.canTolerate,
    byzantine_f1_readiness: byzantine.readiness,
    running: cluster.running,
    quarantined_nodes: membership.quarantined,
    node_identity: {
      node_id: cluster.nodeId,
      index: self?.index ?? null,
      mode: cluster.multiNode ? ('multi-node' as const) : ('single-node' as const),
      store: cluster.multiNode ? ('postgresql' as const) : ('sqlite' as const),
      started_at: iso(cluster.startedAt),
      host: self?.row.host ?? '',
      pid: process.pid,
      signing_key_ids: ctx.keyRing.publicKeys().map((key) => key.kid),
    },
    membership: {
      nodes: membership.members.map((member) => ({
        node_id: member.nodeId,
        index: member.index,
        healthy: member.healthy,
        running: member.running,
        fault: member.row.fault,
        fault_at: member.row.faultAt === null ? null : iso(member.row.faultAt),
        started_at: iso(member.row.startedAt),
        last_heartbeat_at: iso(member.row.lastSeenAt),
        heartbeat_age_ms: Math.round(member.heartbeatAgeMs),
        host: member.row.host,
        pid: member.row.pid,
      })),
      heartbeat_interval_ms: cluster.options.heartbeatMs,
      unhealthy_after_ms: cluster.options.unhealthyAfterMs,
      forget_after_ms: cluster.options.forgetAfterMs,
      read_at: iso(at),
    },
    pbft_engine_version: PBFT_ENGINE_VERSION,
    pbft_view: 0,
    pbft_sequence: 0,
    state_root: head.root_hash,
  };
}

export function clusterRoutes(app: App, ctx: AppContext, cluster: ClusterNode, journal: JournalService): void {
  app.get(
    '/fabric/cluster/status',
    {
      schema: {
        description: "This node's view of the cluster: members and their health from the heartbeats in the database, the quorum, faults",
        response: { 200: ref(ClusterStatusResponse), ...errorResponses(503) },
      },
      config: { access: 'admin' },
    },
    async (request) => statusOf(ctx, cluster, journal, keyOf(request).tenantId),
  );

  app.post(
    '/fabric/cluster/fault',
    {
      schema: {
        description:
          'Failover drills (operator only): `crash` takes a node out of service (readiness fails, decisions answer 503) until `restore`. The node answering applies it at once, another node at its next heartbeat.',
        security: [{ [SECURITY_SCHEME]: [] }],
        body: ref(FaultReq),
        response: { 200: ref(ClusterStatusResponse), 401: ref(ErrorResponse), 403: ref(ErrorResponse), ...errorResponses(404, 503) },
      },
      config: { public: true },
    },
    async (request) => {
      // Public to the key check of app.ts because the operator key may be a configured key, not a stored one.
      await requireOperator(ctx, request, 'a cluster fault');
      const body = request.body as FaultReq;
      const index = body.node ?? null;
      const target = await cluster.setFault(body.action, index);
      if (!target) throw new ApiError('AG_NOT_FOUND', `no cluster member number ${index}`);
      request.log.warn({ action: body.action, node: target.nodeId }, 'cluster fault');
      // The operator's own tenant (the default one) gives the state root.
      return statusOf(ctx, cluster, journal, DEFAULT_TENANT);
    },
  );
}

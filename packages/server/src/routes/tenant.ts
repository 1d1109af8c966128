// Tenant-wide configuration: settings (mode, thresholds, fail mode) and the tool registry.
import { DEFAULT_SETTINGS, type TenantSettings } from '@actiongate/engine';
import { keyOf } from '../auth.ts';
import type { App, AppContext } from '../context.ts';
import { settingsOf } from '../context.ts';
import { presentTool } from '../present.ts';
import { AddToolRequest, Settings, SettingsPatch, Tool, ToolList } from '../schemas.ts';

function presentSettings(s: TenantSettings) {
  return {
    mode: s.mode,
    enforce_stages: s.enforceStages,
    approval_ttl_seconds: s.approvalTtlSeconds,
    critical_transfer_amount: s.criticalTransferAmount,
    fail_mode: s.failMode,
    halt_quorum: s.haltQuorum,
    thresholds: {
      trusted_min_approved: s.thresholds.trustedMinApproved,
      trusted_min_share: s.thresholds.trustedMinShare,
      normal_min_approved: s.thresholds.normalMinApproved,
      normal_min_share: s.thresholds.normalMinShare,
      degraded_below_share: s.thresholds.degradedBelowShare,
      degraded_min_record: s.thresholds.degradedMinRecord,
      degrade_window_seconds: Math.round(s.thresholds.recentWindowMs / 1000),
      degrade_after_blocks: s.thresholds.degradeAfterRecentBlocks,
      suspend_after_blocks: s.thresholds.suspendAfterRecentBlocks,
    },
    count_rule_denials: s.countRuleDenials,
  };
}

export function tenantRoutes(app: App, ctx: AppContext): void {
  app.get('/fabric/settings', { schema: { response: { 200: Settings } }, config: { access: 'approver' } }, async (request) =>
    presentSettings(await settingsOf(ctx, keyOf(request).tenantId)),
  );

  app.patch(
    '/fabric/settings',
    { schema: { body: SettingsPatch, response: { 200: Settings } }, config: { access: 'admin' } },
    async (request) => {
      const key = keyOf(request);
      const current = await settingsOf(ctx, key.tenantId);
      const patch = request.body;
      const t = patch.thresholds ?? {};
      const next: TenantSettings = {
        mode: patch.mode ?? current.mode,
        enforceStages: patch.enforce_stages ? [...new Set(patch.enforce_stages)] : current.enforceStages,
        approvalTtlSeconds: patch.approval_ttl_seconds ?? current.approvalTtlSeconds,
        criticalTransferAmount: patch.critical_transfer_amount ?? current.criticalTransferAmount,
        failMode: patch.fail_mode ?? current.failMode,
        haltQuorum: patch.halt_quorum ?? current.haltQuorum,
        thresholds: {
          ...DEFAULT_SETTINGS.thresholds,
          ...current.thresholds,
          ...(t.trusted_min_approved !== undefined ? { trustedMinApproved: t.trusted_min_approved } : {}),
          ...(t.trusted_min_share !== undefined ? { trustedMinShare: t.trusted_min_share } : {}),
          ...(t.normal_min_approved !== undefined ? { normalMinApproved: t.normal_min_approved } : {}),
          ...(t.normal_min_share !== undefined ? { normalMinShare: t.normal_min_share } : {}),
          ...(t.degraded_below_share !== undefined ? { degradedBelowShare: t.degraded_below_share } : {}),
          ...(t.degraded_min_record !== undefined ? { degradedMinRecord: t.degraded_min_record } : {}),
          ...(t.degrade_window_seconds !== undefined ? { recentWindowMs: t.degrade_window_seconds * 1000 } : {}),
          ...(t.degrade_after_blocks !== undefined ? { degradeAfterRecentBlocks: t.degrade_after_blocks } : {}),
          ...(t.suspend_after_blocks !== undefined ? { suspendAfterRecentBlocks: t.suspend_after_blocks } : {}),
        },
        countRuleDenials: patch.count_rule_denials ?? current.countRuleDenials,
      };
      await ctx.store.updateSettings(key.tenantId, next);
      return presentSettings(next);
    },
  );

  app.get('/fabric/tools', { schema: { response: { 200: ToolList } }, config: { access: 'approver' } }, async (request) => ({
    tools: (await ctx.store.listTools(keyOf(request).tenantId)).map(presentTool),
  }));

  app.post(
    '/fabric/tools',
    { schema: { body: AddToolRequest, response: { 201: Tool } }, config: { access: 'admin' } },
    async (request, reply) => {
      const key = keyOf(request);
      const tool = {
        tenantId: key.tenantId,
        toolName: request.body.tool_name,
        riskLevel: request.body.risk_level ?? 'low',
        description: request.body.description ?? '',
        createdAt: ctx.clock(),
      };
      await ctx.store.upsertTool(tool);
      reply.code(201);
      return presentTool(tool);
    },
  );
}

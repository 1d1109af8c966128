// A run that destroys a whole workspace's infrastructure, asked of an infrastructure service's API
// rather than typed as `terraform destroy`: Terraform Cloud/Enterprise `is-destroy: true`, Spacelift
// and env0 style `destroy: true` runs, applied without a plan to review (`auto-apply`). A destroy run
// that only plans (`plan-only`) deletes nothing and is left to the other rules.

import type { Findings } from './findings.ts';
import { payloadObjects } from './payload-objects.ts';

/** Normalised keys that ask for a destroy run. */
const DESTROY_KEYS = new Set(['is_destroy', 'destroy', 'is_destroy_run', 'destroy_run']);
const PLAN_ONLY = new Set(['plan-only', 'plan_only', 'planOnly', 'speculative', 'dry-run', 'dry_run', 'dryRun']);
const DESTROY_SPELLINGS = [
  'is-destroy',
  'is_destroy',
  'isDestroy',
  'destroy',
  'is-destroy-run',
  'destroy_run',
  'destroyRun',
  'isDestroyRun',
];

/** Adds a critical finding for a destroy run that will apply. */
export function assessDestroyRunRequests(payload: unknown, keys: ReadonlySet<string>, findings: Findings): void {
  if (![...DESTROY_KEYS].some((key) => keys.has(key))) return;
  for (const object of payloadObjects(payload)) {
    if (!DESTROY_SPELLINGS.some((key) => object[key] === true || object[key] === 'true')) continue;
    if ([...PLAN_ONLY].some((key) => object[key] === true || object[key] === 'true')) continue;
    findings.add('critical', 'infrastructure: asks for a destroy run (every resource of the workspace is deleted)');
    return;
  }
}

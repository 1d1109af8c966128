// What every view gets from the shell: who is signed in, the live events, the kill-switch state,
// and a way to tell the operator something.
import type { LiveEvents } from './live.ts';

export interface Me {
  key_id: string;
  kind: 'customer' | 'agent';
  role: 'admin' | 'approver' | 'agent';
  name: string;
  tenant_id: string;
  tenant_name: string | null;
  can_approve: boolean;
  is_admin: boolean;
}

export interface HaltState {
  halted: boolean;
  reason: string | null;
  since: string | null;
  operator_id: string | null;
  halt_quorum: 1 | 2;
}

export interface ConsoleContext {
  me: Me;
  live: LiveEvents;
  halt(): HaltState;
  /** Calls `listener` now and whenever the kill-switch state changes; returns the unsubscriber. */
  onHalt(listener: (state: HaltState) => void): () => void;
  refreshHalt(): Promise<void>;
  notify(message: string, kind?: 'ok' | 'error'): void;
}

/** A view draws into `root` and returns what to undo when the operator leaves it. */
export type View = (root: HTMLElement, ctx: ConsoleContext, param: string | null) => (() => void) | void;

// Live events of the tenant: Server-Sent Events read through fetch (EventSource cannot send the
// `X-API-Key` header, and the key must never go in a URL), falling back to polling when the
// stream cannot be opened or breaks, and trying the stream again later. Positions are event ids,
// so nothing is lost or repeated across a switch.
import { api } from './api.ts';
import { storedKey } from './session.ts';

export interface LiveEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, any>;
}

export type LiveMode = 'connecting' | 'sse' | 'polling' | 'offline';

const POLL_MS = 1500;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export class LiveEvents {
  private lastId: number | null = null;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private readonly modeListeners = new Set<(mode: LiveMode) => void>();
  mode: LiveMode = 'connecting';

  on(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onMode(listener: (mode: LiveMode) => void): () => void {
    this.modeListeners.add(listener);
    listener(this.mode);
    return () => this.modeListeners.delete(listener);
  }

  /** Starts from the newest event in the log; returns at once, runs until `stop`. */
  async start(): Promise<void> {
    const first = await api<{ latest_event_id: string }>('GET', '/fabric/events?mode=polling&limit=1&after=0');
    this.lastId = Number(first.latest_event_id);
    void this.run();
  }

  stop(): void {
    this.controller.abort();
  }

  private setMode(mode: LiveMode): void {
    if (this.mode === mode) return;
    this.mode = mode;
    for (const listener of this.modeListeners) listener(mode);
  }

  private emit(event: LiveEvent): void {
    const id = Number(event.id);
    if (this.lastId !== null && id <= this.lastId) return;
    this.lastId = id;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('live event handler failed', error);
      }
    }
  }

  private async run(): Promise<void> {
    const signal = this.controller.signal;
    let failures = 0;
    while (!signal.aborted) {
      try {
        await this.stream(signal);
        failures = 0;
      } catch {
        failures++;
      }
      if (signal.aborted) return;
      // The stream is down: poll for a while, then try the stream again.
      const until = Date.now() + Math.min(30_000, 2_000 * 2 ** Math.min(failures, 4));
      while (!signal.aborted && Date.now() < until) {
        try {
          await this.poll();
          this.setMode('polling');
        } catch {
          this.setMode('offline');
        }
        await sleep(POLL_MS, signal);
      }
    }
  }

  private async poll(): Promise<void> {
    for (;;) {
      const page = await api<{ events: LiveEvent[] }>('GET', `/fabric/events?mode=polling&limit=200&after=${this.lastId ?? 0}`);
      for (const event of page.events) this.emit(event);
      if (page.events.length < 200) return;
    }
  }

  private async stream(signal: AbortSignal): Promise<void> {
    const key = storedKey();
    if (!key) throw new Error('signed out');
    const headers: Record<string, string> = { 'x-api-key': key, accept: 'text/event-stream' };
    if (this.lastId !== null) headers['last-event-id'] = String(this.lastId);
    const response = await fetch('/fabric/events?mode=sse', { headers, signal, cache: 'no-store' });
    if (!response.ok || !response.body) throw new Error(`event stream answered HTTP ${response.status}`);
    this.setMode('sse');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replaceAll('\r\n', '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          if (data) this.emit(JSON.parse(data) as LiveEvent);
        }
      }
    } finally {
      reader.releaseLock();
    }
    throw new Error('event stream ended');
  }
}

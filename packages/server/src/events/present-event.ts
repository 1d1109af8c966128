// How a logged event is shown, in a polling answer and in an SSE `data:` line.
import type { EventRow } from '../store/event-store.ts';

export function presentEvent(event: EventRow) {
  return { id: String(event.seq), type: event.type, created_at: new Date(event.createdAt).toISOString(), data: event.data };
}

/** One Server-Sent Events message: `id`, `event` and a one-line JSON `data`. */
export function sseMessage(event: EventRow): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`;
}

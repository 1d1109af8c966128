// A small Server-Sent Events client over fetch, for tests: it can send `X-API-Key` and
// `Last-Event-ID`, which the browser's EventSource cannot.

export interface SseMessage {
  id: string | null;
  event: string | null;
  data: any;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** The next message, or rejects after `timeoutMs` (default 30 s: a loaded machine is slow; a test that expects silence passes its own short wait). */
  next(timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, key: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { 'x-api-key': key, accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const queue: SseMessage[] = [];
  const waiters: Array<(message: SseMessage) => void> = [];
  let buffer = '';
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const decoder = new TextDecoder();

  const dispatch = (block: string) => {
    let id: string | null = null;
    let event: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const message = { id, event, data: JSON.parse(data.join('\n')) };
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  };

  void (async () => {
    try {
      if (!response.body) return;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          dispatch(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // aborted by close()
    } finally {
      resolveEnded();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    ended,
    next(timeoutMs = 30_000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(wrapped), 1);
          reject(new Error(`no event within ${timeoutMs} ms`));
        }, timeoutMs);
        const wrapped = (message: SseMessage) => {
          clearTimeout(timer);
          resolve(message);
        };
        waiters.push(wrapped);
      });
    },
    close() {
      controller.abort();
    },
  };
}

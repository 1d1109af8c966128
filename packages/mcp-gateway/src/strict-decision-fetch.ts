// The client rule says any answer to the decision call other than 200 means do not run. The SDK's
// client accepts every 2xx, so the gateway's fetch turns a decision answer that is 2xx but not 200
// (201, 204, …) into a refusal the client reports as an error.
const DECISION_PATH = /\/fabric\/decisions\/?$/;

/** Wraps `inner` so that a POST to /fabric/decisions answered with a 2xx other than 200 becomes a 400. */
export function strictDecisionFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'POST' || !DECISION_PATH.test(new URL(url).pathname)) return response;
    if (response.status === 200 || response.status < 200 || response.status >= 300) return response;
    await response.body?.cancel().catch(() => undefined);
    return new Response(JSON.stringify({ detail: `the decision call answered HTTP ${response.status}, not 200` }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  };
}

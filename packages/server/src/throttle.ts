// A token bucket per client address, in memory, with a bounded number of addresses: when full,
// the address seen least recently is forgotten (it comes back with a full bucket, which is the
// cost of bounding memory). Used where an anonymous caller can make the service do work.

export interface ThrottleOptions {
  /** Tokens a bucket holds: the burst one address may send. */
  capacity: number;
  /** Tokens added per second. */
  refillPerSecond: number;
  /** Most addresses remembered at once. */
  maxClients?: number;
}

export type ThrottleResult = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class Throttle {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxClients: number;

  constructor(private readonly options: ThrottleOptions) {
    if (!(options.capacity >= 1) || !(options.refillPerSecond > 0)) throw new Error('throttle needs capacity >= 1 and a refill rate > 0');
    this.maxClients = options.maxClients ?? 10_000;
  }

  /** Takes one token for `client` at time `now` (ms), or says how long until one is free. */
  take(client: string, now: number): ThrottleResult {
    const { capacity, refillPerSecond } = this.options;
    const found = this.buckets.get(client);
    const bucket: Bucket = found
      ? { tokens: Math.min(capacity, found.tokens + (Math.max(0, now - found.at) / 1000) * refillPerSecond), at: now }
      : { tokens: capacity, at: now };
    // Re-inserting keeps the Map in least-recently-seen order, so the first entry is the one to drop.
    this.buckets.delete(client);
    if (this.buckets.size >= this.maxClients) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.set(client, bucket);
      return { ok: true };
    }
    this.buckets.set(client, bucket);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)) };
  }

  /** Addresses currently remembered. */
  get size(): number {
    return this.buckets.size;
  }
}

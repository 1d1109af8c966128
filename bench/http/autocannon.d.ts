// The small part of autocannon's API the load generator uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string | string[];
      connections?: number;
      duration?: number;
      overallRate?: number;
      timeout?: number;
      requests?: Array<Record<string, unknown>>;
    }
    interface Result {
      duration: number;
      requests: { total: number; average: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    }
    interface Instance {
      on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void;
    }
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export default autocannon;
}

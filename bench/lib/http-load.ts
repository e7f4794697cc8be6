import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers: Record<string, string>;
  connections: number;
  durationSec: number;
  /** Bodies to send in turn (each request takes the next one) instead of one `body`. */
  bodies?: unknown[];
  /** Paths (with query) to ask for in turn on `url`'s origin, instead of `url`'s own path. */
  paths?: string[];
  /** Seconds of the same load first, not counted: the server's JIT and pools warm up. */
  warmupSec?: number;
}

/** autocannon from this (separate) process over loopback. */
export async function httpLoad(o: LoadOptions): Promise<LoadResult> {
  const run = async (duration: number) => {
    let next = 0;
    const bodies = o.bodies?.map((b) => JSON.stringify(b));
    const paths = o.paths;
    return autocannon({
      url: o.url,
      method: o.method ?? 'GET',
      connections: o.connections,
      duration,
      headers: { ...o.headers, ...(o.body || bodies ? { 'content-type': 'application/json' } : {}) },
      body: o.body ? JSON.stringify(o.body) : undefined,
      ...(bodies
        ? { requests: [{ setupRequest: (req: Request) => ({ ...req, body: bodies[next++ % bodies.length] }) }] }
        : paths
          ? { requests: [{ setupRequest: (req: Request) => ({ ...req, path: paths[next++ % paths.length] }) }] }
          : {}),
    });
  };
  if (o.warmupSec) await run(o.warmupSec);
  const result = await run(o.durationSec);
  return {
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

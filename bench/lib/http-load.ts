import autocannon from 'autocannon';

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
}

/** autocannon from this (separate) process over loopback. */
export async function httpLoad(o: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    connections: o.connections,
    duration: o.durationSec,
    headers: { ...o.headers, ...(o.body ? { 'content-type': 'application/json' } : {}) },
    body: o.body ? JSON.stringify(o.body) : undefined,
  });
  return {
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

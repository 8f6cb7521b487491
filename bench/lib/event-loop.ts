/**
 * The server's event-loop delay since the last call (its `/metrics`, prom-client's default metrics: a histogram that
 * each scrape reads and resets, at 10 ms resolution). The longest delay is the longest a request that arrived had
 * to wait for the main thread: what a statement of the embedded database or any other synchronous work held it.
 * The server must run with METRICS_TOKEN = `token`.
 */
export async function eventLoopDelay(url: string, token: string): Promise<{ p99Ms: number; maxMs: number }> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const seconds = (name: string) =>
    Number(text.match(new RegExp(`^${name} ([0-9.e+-]+)`, 'm'))?.[1] ?? Number.NaN);
  return {
    p99Ms: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
    maxMs: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

/** The metrics token a benchmark's server runs with. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0000';

/** The p-th percentile of a sample (nearest rank); 0 when empty. */
export const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/**
 * Polls `GET /api/user` as `token` every `everyMs` while something else runs (how a signed-in user's page feels
 * meanwhile); `latencies` grows as answers come, `stop` ends it and answers the round trips in ms.
 */
export function sampleUserLatency(url: string, token: string, everyMs = 50) {
  const latencies: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const start = performance.now();
      const res = await fetch(`${url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    latencies,
    async stop(): Promise<number[]> {
      polling = false;
      await poller;
      return latencies;
    },
  };
}

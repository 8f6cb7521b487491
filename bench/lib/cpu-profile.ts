import path from 'node:path';

/** A V8 CPU profile as the DevTools protocol's `Profiler.stop` returns it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The profile's self time by script and by function (`name script:line:column`, 1-based: look a minified name up in
 * its chunk), the heaviest first, as printable lines under `title`.
 */
export function profileSummary(title: string, profile: CpuProfile, functions = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id);
    if (!frame) return;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const script = frame.url
      ? path.basename(new URL(frame.url).pathname)
      : `(${frame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  return [
    title,
    '  self time by script:',
    ...top(byScript, 10),
    '  by function:',
    ...top(byFunction, functions),
  ].join('\n');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { TestSocket } from '../ws-client.ts';

/**
 * SIGTERM (a deployment stopping a node): the node tells its sockets to reconnect elsewhere (close code 1012), stops
 * taking requests, hands back its running jobs (plugins/jobs.test.ts: a job interrupted by closing the app is
 * retried by the next one) and exits by itself, well within 30 s.
 */
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ SEED_DEMO: '0' });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('graceful shutdown', () => {
  it('on SIGTERM the sockets hear 1012, the process exits with code 0 within 30 s', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect([ready.status, ((await ready.json()) as { status: string }).status]).toEqual([200, 'ready']);
    const socket = await TestSocket.open(`${server.url.replace('http', 'ws')}/ws`);
    await socket.next('init', 60_000);

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect((await socket.whenClosed()).code).toBe(1012);
    expect(await exited).toBe(0);
    const seconds = (performance.now() - signalled) / 1000;
    console.log(`graceful shutdown: exited ${seconds.toFixed(1)} s after SIGTERM`);
    expect(seconds).toBeLessThan(30);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

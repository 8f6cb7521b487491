import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { TestSocket } from '../ws-client.ts';

/**
 * At the open-file limit the server refuses new connections cleanly and keeps serving: a bare server
 * crashed here on an uncaught EMFILE. The server runs with a 300-descriptor limit and no connection cap,
 * so accept() really fails with EMFILE.
 */
let server: ServerProcess;
const open: TestSocket[] = [];

beforeAll(async () => {
  server = await startServerProcess({ MAX_CONNECTIONS: '100000' }, { fdLimit: 300 });
}, 120_000);

afterAll(async () => {
  for (const s of open) s.close();
  await server?.stop();
});

async function tryOpen(): Promise<TestSocket | null> {
  try {
    const socket = await Promise.race([
      TestSocket.open(`${server.url.replace('http', 'ws')}/ws`),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    await socket.next('init', 2000);
    return socket;
  } catch {
    return null;
  }
}

describe('at the descriptor limit', () => {
  it('refuses what it cannot hold, stays up, and accepts again once sockets close', async () => {
    let refused = 0;
    for (let i = 0; i < 400 && refused < 20; i++) {
      const s = await tryOpen();
      if (s) open.push(s);
      else refused++;
    }
    expect(open.length).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    for (const s of open.splice(0, 100)) s.close();
    await new Promise((r) => setTimeout(r, 1500));
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await tryOpen()).not.toBeNull();
    expect(server.child.exitCode).toBeNull();
  });
});

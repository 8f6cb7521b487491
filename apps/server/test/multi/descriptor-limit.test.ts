import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { TestSocket } from '../ws-client.ts';

/**
 * At the open-file limit the server refuses new connections cleanly and keeps serving: a bare server
 * crashed here on an uncaught EMFILE. The server runs with a 450-descriptor limit and no connection cap,
 * so accept() really fails with EMFILE. The embedded database alone keeps about 200 descriptors open at idle
 * (one per table and index file it has touched), so the limit leaves room for some 250 sockets.
 */
let server: ServerProcess;
const open: TestSocket[] = [];

beforeAll(async () => {
  server = await startServerProcess(
    // Without demo data: the demo's certificates would render in the background at start and hold descriptors.
    { MAX_CONNECTIONS: '100000', SEED_DEMO: '0' },
    { fdLimit: 450 },
  );
}, 120_000);

afterAll(async () => {
  for (const s of open) s.close();
  await server?.stop();
});

/**
 * A socket that got its `init` frame, or null when the server refused it: at the limit the server accepts and
 * closes at once (libuv's EMFILE reserve), so a refusal is an error or a close, never a wait.
 */
async function tryOpen(): Promise<TestSocket | null> {
  let socket: TestSocket;
  try {
    socket = await TestSocket.open(`${server.url.replace('http', 'ws')}/ws`);
  } catch {
    return null;
  }
  const first = await Promise.race([
    socket.next('init', 30_000).catch(() => null),
    socket.whenClosed().then(() => null),
  ]);
  return first ? socket : null;
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
    // Closed on both sides: the server has let go of those descriptors.
    await Promise.all(
      open.splice(0, 100).map((s) => {
        s.close();
        return s.whenClosed();
      }),
    );
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await tryOpen()).not.toBeNull();
    expect(server.child.exitCode).toBeNull();
  });
});

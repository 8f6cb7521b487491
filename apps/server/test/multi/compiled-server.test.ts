import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@skill-cert/shared/auth';
import type { Envelope } from '@skill-cert/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../build.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

/**
 * The server as production runs it: built into apps/server/dist and started by plain Node, no TypeScript loader. Node
 * cannot load a `.ts` file by itself, so every thread that works here (main, render, sheet, scan) ran the build.
 */
let server: ServerProcess;
let token = '';

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.message}`);
  return json.data;
}

interface LibraryRow {
  _id: string;
  has_file: boolean;
}

const issued = () =>
  call<{ list: LibraryRow[] }>('/api/certificates?page=1&per_page=50').then(({ list }) => list);

beforeAll(async () => {
  await buildServer();
  // Demo data on: the demo grant's certificates render in the background once the server is ready.
  server = await startServerProcess({ NODE_OPTIONS: '', RENDER_THREADS: '1' }, { compiled: true });
  token = (
    await call<LoginResult>('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'qiye', password: 'Demo@2026' }),
    })
  ).token;
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe('the built server', () => {
  it('migrates its database and seeds the demo from the build', async () => {
    expect((await call<{ name: string }>('/api/user')).name).toBe('qiye');
  });

  it('renders certificates in its render threads', async () => {
    await expect
      .poll(async () => (await issued()).every((c) => c.has_file), { timeout: 240_000, interval: 500 })
      .toBe(true);
    expect((await issued()).length).toBeGreaterThan(0);
  }, 300_000);

  it('writes a spreadsheet in its sheet thread', async () => {
    const res = await fetch(`${server.url}/api/levelEvaluations/candidateTemplate`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  }, 120_000);

  it('reads a paper scan in its scan thread', async () => {
    await expect
      .poll(async () => (await issued()).some((c) => c.has_file), { timeout: 240_000, interval: 500 })
      .toBe(true);
    const certificate = (await issued()).find((c) => c.has_file)!;
    const pdf = await (
      await fetch(`${server.url}/api/certificates/${certificate._id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).arrayBuffer();
    const grant = (await call<{ list: { _id: string }[] }>('/api/certificateGrants?page=1&per_page=10'))
      .list[0];
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'scan.pdf');
    await call(`/api/certificateGrants/${grant._id}/paperScans`, { method: 'POST', body: form });
    await expect
      .poll(
        async () =>
          (await call<{ matched: number }>(`/api/certificateGrants/${grant._id}/paperAnalysis`)).matched,
        {
          timeout: 120_000,
          interval: 500,
        },
      )
      .toBe(1);
  }, 300_000);
});

describe('the build', () => {
  it('refuses to bundle a package that is not a dependency of the server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-build-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      writeFileSync(entry, "import { describe } from 'vitest';\nconsole.log(describe);\n");
      await expect(buildServer({ entryPoints: { entry }, outdir: dir })).rejects.toThrow(
        /vitest .*is not a dependency of @skill-cert\/server/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the server dependencies out of the bundle', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sc-build-'));
    try {
      const meta = await buildServer({ outdir: dir });
      const bundled = Object.keys(meta.inputs).filter((file) => file.includes('node_modules'));
      expect(bundled).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

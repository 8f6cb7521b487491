import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const HOOK = fileURLToPath(new URL('../../../test/fixtures/render/record-imports.mjs', import.meta.url));
const APP = new URL('../../app.ts', import.meta.url).href;
const CONFIG = new URL('../../config.ts', import.meta.url).href;
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Packages that decode images or write PDFs (worker threads only), and those loaded on first use. */
const WORKER_ONLY = ['@napi-rs/canvas', 'fontkit', 'qrcode'];
const ON_FIRST_USE = ['exceljs', 'archiver', 'yauzl'];

// A child process builds the whole app (in-memory database), waits until it is ready, and reports which of the
// packages its main thread resolved; then imports the lazy ones, to prove the recording sees them.
const SCRIPT = `
const { createRequire } = await import('node:module');
const packages = ${JSON.stringify([...WORKER_ONLY, ...ON_FIRST_USE])};
const loaded = () => {
  const cjs = Object.keys(createRequire(import.meta.url).cache);
  const urls = globalThis.__resolvedModules;
  return packages.filter((p) => [...urls, ...cjs].some((u) => u.includes('/node_modules/' + p + '/')));
};
const { buildApp } = await import(${JSON.stringify(APP)});
const { testConfig } = await import(${JSON.stringify(CONFIG)});
const app = await buildApp(testConfig({ logLevel: 'silent' }));
await app.ready();
const idle = loaded();
await import('exceljs');
await import('archiver');
await import('yauzl');
const afterUse = loaded();
await app.close();
console.log(JSON.stringify({ idle, afterUse }));
process.exit(0);
`;

// A failure detector, not an expectation: the child imports the whole server, which took over 90 s at load 30+.
describe('the main thread of the server', () => {
  it('loads no image, PDF or QR package, and Excel and zip packages only on first use', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--import', HOOK, '--input-type=module', '-e', SCRIPT],
      { cwd: REPO, env: { ...process.env, NODE_OPTIONS: '' }, timeout: 240_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const { idle, afterUse } = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      idle: string[];
      afterUse: string[];
    };
    expect(idle).toEqual([]);
    expect(afterUse).toEqual(ON_FIRST_USE);
  }, 300_000);
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@skill-cert/shared/auth';
import * as chromeLauncher from 'chrome-launcher';
import { eq } from 'drizzle-orm';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { uuidv7 } from '../apps/server/src/lib/id.ts';
import { messages } from '../apps/server/src/modules/messages/tables.ts';
import { users } from '../apps/server/src/modules/users/tables.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { loginStorage, TOKEN_COOKIE } from '../apps/web/src/shared/session/session.ts';
import { apiClient } from './lib/api-client.ts';
import { type CdpPage, connectBrowser } from './lib/cdp.ts';
import { type CpuProfile, profileSummary } from './lib/cpu-profile.ts';
import { loadAverage } from './lib/seeded-server.ts';

/**
 * `npm run bench:web`: the built web app (`npm run build` first; built here when
 * `apps/web/dist` is missing) served by one real server process on a temporary data folder with the demo data, in
 * Debian's Chromium.
 * 1. Lighthouse 12 (the newest that runs on Node 20), desktop preset, on `/login` and on `/record-application`
 *    signed in as qiye: performance, accessibility and best-practices scores, LCP, TBT, CLS, and every failing
 *    accessibility audit with its elements. Targets: performance ≥ 95, accessibility ≥ 95, CLS < 0.05.
 * 2. Lighthouse's accessibility category alone on the other main pages of qiye and pingtai, and axe (the engine
 *    Lighthouse runs, with its WCAG A/AA rules) on the open message centre, which no URL opens.
 * 3. The message centre's infinite scroll over BENCH_MESSAGES messages (seeded for qiye before the server starts):
 *    wheel events on the list to its end, frames from requestAnimationFrame and the long-animation-frame and
 *    longtask entries of the performance timeline meanwhile. Target: no frame over 16.7 ms.
 * Sign-in without the login page: the token from `POST /api/login` goes into the `Admin-Token` cookie and the
 * rest into localStorage, as `saveLogin` does (`loginStorage`), written in a tab of the same browser before
 * Lighthouse opens the page; Lighthouse's storage reset clears the cache, not cookies or localStorage.
 * BENCH_LIGHTHOUSE=0 skips part 1, BENCH_PAGES=0 the other pages, BENCH_A11Y=0
 * every accessibility check but part 1's, BENCH_SCROLL=0 the scroll.
 */
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const FRAME_MS = 1000 / 60;
const root = path.resolve(import.meta.dirname, '..');

/** Resolves with the first truthy value of `test`, checked now and on every change of the document. */
const WAIT_FOR = `window.waitFor = (test) => new Promise((resolve) => {
  const found = test();
  if (found) return resolve(found);
  const observer = new MutationObserver(() => {
    const value = test();
    if (value) { observer.disconnect(); resolve(value); }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})`;

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('apps/web/dist is missing: npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// ---- data: the demo, and MESSAGES messages for qiye, written before the server owns the database ----
const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-bench-web-data-'));
const seeding = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'pglite') });
await seedDemoData(seeding.db);
const [qiyeRow] = await seeding.db.select({ id: users.id }).from(users).where(eq(users.name, 'qiye'));
// One statement: a thousand single inserts took minutes on the embedded database of a loaded machine.
await seeding.db.insert(messages).values(
  Array.from({ length: MESSAGES }, (_, i) => ({
    userId: qiyeRow.id,
    batchId: uuidv7(),
    categoryName: '系统通知',
    content: `第${i + 1}条系统通知：请按时提交等级评价材料。`,
  })),
);
await seeding.close();

console.log(`bench:web — load average ${loadAverage()} at start`);
const server = await startServerProcess({ LOG_LEVEL: 'error' }, { dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
const browser = await connectBrowser(chrome.port);
const call = apiClient(server.url);

/** Signs `name` in the way the web app keeps a session: the token cookie and the localStorage entries. */
async function signIn(name: string): Promise<void> {
  const { data } = await call<LoginResult>('POST', '/api/login', null, { name, password: 'Demo@2026' });
  const tab = await browser.open(`${server.url}/healthz`);
  await tab.evaluate(`(() => {
    document.cookie = ${JSON.stringify(`${TOKEN_COOKIE}=${data.token}; path=/; samesite=lax`)};
    localStorage.clear();
    for (const [k, v] of Object.entries(${JSON.stringify(loginStorage(data, Date.now()))})) localStorage.setItem(k, v);
  })()`);
  await tab.close();
}

const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };

async function audit(route: string, categories?: string[]): Promise<Result> {
  const result = await lighthouse(
    `${server.url}${route}`,
    { ...flags, ...(categories ? { onlyCategories: categories } : {}) },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (landed !== route) throw new Error(`${route} landed on ${landed}: not signed in?`);
  return result.lhr;
}

/** What axe says is wrong with an element, without its "Fix any of the following:" headings. */
const reason = (explanation: string) =>
  explanation
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^Fix (any|all) of the following/.test(line))
    .join(' ')
    .replace(/\s*Expected contrast ratio of [\d.:]+/, '');

interface Failure {
  id: string;
  title: string;
  items: string[];
}

/** The accessibility audits that failed, with the elements each names. */
function a11yFailures(lhr: Result): Failure[] {
  return (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => ({
      id: a.id,
      title: a.title,
      items: (
        (a.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? []
      ).map(
        (item) =>
          `${item.node?.snippet ?? ''}${item.node?.explanation ? ` — ${reason(item.node.explanation)}` : ''}`,
      ),
    }));
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const printFailures = (failures: Failure[]) => {
  for (const f of failures) {
    console.log(`    ✗ ${f.id}: ${f.title}`);
    for (const item of f.items.slice(0, 8)) console.log(`        ${item.slice(0, 220)}`);
    if (f.items.length > 8) console.log(`        … ${f.items.length - 8} more`);
  }
};

let missed = 0;
try {
  // ---- 1. Lighthouse, desktop, on the login page and a signed-in list page ----
  for (const [route, user] of (process.env.BENCH_LIGHTHOUSE === '0'
    ? []
    : [
        ['/login', null],
        ['/record-application', 'qiye'],
      ]) as [string, string | null][]) {
    if (user) await signIn(user);
    const before = loadAverage();
    const lhr = await audit(route);
    const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? 0;
    const tbt = lhr.audits['total-blocking-time'].numericValue ?? 0;
    const cls = lhr.audits['cumulative-layout-shift'].numericValue ?? 0;
    const [performance, accessibility, practices] = ['performance', 'accessibility', 'best-practices'].map(
      (id) => score(lhr, id),
    );
    console.log(
      `${route}${user ? ` (${user})` : ''}: performance ${performance} (≥ 95), accessibility ${accessibility} (≥ 95), ` +
        `best-practices ${practices}; LCP ${lcp.toFixed(0)} ms, TBT ${tbt.toFixed(0)} ms, CLS ${cls.toFixed(3)} (< 0.05)` +
        ` — load average ${before} before, ${loadAverage()} after`,
    );
    printFailures(a11yFailures(lhr));
    printMainThread(lhr);
    if (performance < 95 || accessibility < 95 || cls >= 0.05) missed++;
  }

  // ---- 1b. BENCH_PROFILE=1: where the list page's start spends its CPU, by script and by function ----
  if (process.env.BENCH_PROFILE === '1') await profileListPage();

  // ---- 2. accessibility of the other main pages, and of the message centre ----
  if (process.env.BENCH_A11Y !== '0' && process.env.BENCH_PAGES !== '0') {
    for (const [user, routes] of [
      [
        'qiye',
        [
          '/evaluation-list',
          '/evaluation-approve',
          '/grant-certificate',
          '/certificate-library',
          '/offline-certificate',
          '/archives-management',
          '/user-list',
          '/certificate-template',
          '/profile',
        ],
      ],
      ['pingtai', ['/company', '/system/menu', '/system/role', '/system/user']],
    ] as const) {
      await signIn(user);
      for (const route of routes) {
        const lhr = await audit(route, ['accessibility']);
        console.log(
          `${route} (${user}): accessibility ${score(lhr, 'accessibility')} — load average ${loadAverage()}`,
        );
        printFailures(a11yFailures(lhr));
        if (score(lhr, 'accessibility') < 95) missed++;
      }
    }
  }

  // ---- 3. the message centre: its accessibility (axe) and its infinite scroll ----
  if (process.env.BENCH_SCROLL !== '0' || process.env.BENCH_A11Y !== '0') {
    await signIn('qiye');
    const page = await browser.open(`${server.url}/record-application`);
    await page.evaluate(`${WAIT_FOR}; true`);
    await page.evaluate(
      `waitFor(() => document.querySelector('button[aria-label="消息中心"]')).then((b) => { b.click(); return true; })`,
    );
    await page.evaluate(
      `waitFor(() => document.querySelector('.message-centre [role=feed] article')).then(() => true)`,
    );
    if (process.env.BENCH_A11Y !== '0') missed += await axeMessageCentre(page);
    if (process.env.BENCH_SCROLL !== '0') missed += await scrollMessageCentre(page);
    await page.close();
  }
} finally {
  browser.close();
  chrome.kill();
  await server.stop();
}
console.log(missed ? `${missed} target(s) missed` : 'every target met');

/**
 * What kept the main thread busy: Lighthouse's `mainthread-work-breakdown` (by kind of work), `bootup-time` (by
 * script: parse and compile, run) and `long-tasks` (each task over 50 ms, by the script it ran).
 */
function printMainThread(lhr: Result): void {
  type Items = Record<string, number | string | { url?: string } | undefined>[];
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
  const ms = (v: unknown) => `${Number(v ?? 0).toFixed(0)} ms`;
  const file = (url: unknown) => {
    const text = typeof url === 'string' ? url : ((url as { url?: string } | undefined)?.url ?? '');
    return text.startsWith('http') ? new URL(text).pathname : text;
  };
  console.log(
    `    main thread: ${items('mainthread-work-breakdown')
      .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`)
      .join(', ')}`,
  );
  for (const i of items('bootup-time').slice(0, 6))
    console.log(
      `    script ${file(i.url)}: ${ms(i.total)} (run ${ms(i.scripting)}, parse/compile ${ms(i.scriptParseCompile)})`,
    );
  for (const i of items('long-tasks'))
    console.log(`    long task at ${ms(i.startTime)}: ${ms(i.duration)} — ${file(i.url)}`);
}

/**
 * A V8 CPU profile of a cold load of qiye's `/record-application` up to its first row (cache off, no throttling):
 * self time by script and by function, the heaviest first. Minified names: look them up in the chunk at line:column.
 */
async function profileListPage(): Promise<void> {
  await signIn('qiye');
  const page = await browser.open(`${server.url}/healthz`);
  await page.send('Network.enable');
  await page.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.send('Profiler.enable');
  await page.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.send('Profiler.start');
  await page.send('Page.navigate', { url: `${server.url}/record-application` });
  // Until the new document answers (an evaluation during the navigation may fail or land in the old one).
  while (!(await page.evaluate<boolean>(`location.pathname === '/record-application'`).catch(() => false)));
  await page.evaluate(
    `${WAIT_FOR}; waitFor(() => document.querySelector('.ant-table-tbody tr.ant-table-row')).then(() => true)`,
  );
  const { profile } = await page.send<{ profile: CpuProfile }>('Profiler.stop');
  await page.close();
  console.log(
    profileSummary(
      `/record-application (qiye) cold load CPU profile — load average ${loadAverage()}`,
      profile,
      30,
    ),
  );
}

/** axe with Lighthouse's rule set (WCAG 2 A and AA) on the open message centre dialog. */
async function axeMessageCentre(page: CdpPage): Promise<number> {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(`${axe}\n;true`);
  // The dialog's opening animation (its fade and zoom) ends first: text half faded in is not what a user reads.
  // Endless ones (a spinner) are left running.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    .map((a) => a.finished.catch(() => null))).then(() => true)`);
  const violations = await page.evaluate<{ id: string; help: string; nodes: { html: string }[] }[]>(
    `axe.run(document.querySelector('.message-centre'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
      .then((r) => r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ html: n.html })) })))`,
  );
  console.log(
    `message centre (qiye, axe WCAG 2 A/AA): ${violations.length} violation(s) — load average ${loadAverage()}`,
  );
  printFailures(violations.map((v) => ({ id: v.id, title: v.help, items: v.nodes.map((n) => n.html) })));
  return violations.length ? 1 : 0;
}

/** Wheels the message list to its end (every page loaded) and reports the frames and long tasks meanwhile. */
async function scrollMessageCentre(page: CdpPage): Promise<number> {
  const box = await page.evaluate<{ x: number; y: number }>(`(() => {
    const r = document.querySelector('.message-centre [role=feed]').getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  })()`);
  // The machine's own floor: 300 frames of the open, idle dialog, counted the same way.
  const idle = await page.evaluate<number[]>(`new Promise((resolve) => {
    const frames = [];
    const tick = (t) => { frames.push(t); if (frames.length > 300) resolve(frames.slice(1).map((f, i) => f - frames[i])); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })`);
  const idleOver = idle.filter((g) => g > FRAME_MS + 0.5).length;
  console.log(
    `message centre idle (no scroll): ${idle.length} frames, ${idleOver} over 16.7 ms, longest ${Math.max(...idle).toFixed(0)} ms — load average ${loadAverage()}`,
  );
  await page.evaluate(`(() => {
    const perf = (window.perf = { frames: [], loaf: [], longtask: [], on: true });
    for (const type of ['long-animation-frame', 'longtask'])
      new PerformanceObserver((list) => { if (perf.on) perf[type === 'longtask' ? 'longtask' : 'loaf'].push(...list.getEntries().map((e) => e.duration)); })
        .observe({ type });
    const tick = (t) => { if (!perf.on) return; perf.frames.push(t); requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    return true;
  })()`);
  const started = performance.now();
  let wheels = 0;
  for (;;) {
    await page.send('Input.dispatchMouseEvent', {
      type: 'mouseWheel',
      x: box.x,
      y: box.y,
      deltaX: 0,
      deltaY: 200,
    });
    if (++wheels > 50 * MESSAGES)
      throw new Error(`the list did not reach its end after ${wheels} wheel events`);
    const state = await page.evaluate<{
      bottom: boolean;
      busy: boolean;
      end: boolean;
      count: number;
      drawn: number;
    }>(
      `new Promise((resolve) => requestAnimationFrame(() => {
        const feed = document.querySelector('.message-centre [role=feed]');
        resolve({
          bottom: feed.scrollTop + feed.clientHeight >= feed.scrollHeight - 1,
          busy: feed.getAttribute('aria-busy') === 'true',
          end: !!feed.querySelector('.message-list-end'),
          // The feed is windowed: the last drawn article's place is how many are loaded.
          count: Number([...feed.querySelectorAll('article')].at(-1)?.getAttribute('aria-posinset') ?? 0),
          drawn: feed.querySelectorAll('article').length,
        });
      }))`,
    );
    if (state.end && state.bottom) {
      const result = await page.evaluate<{ frames: number[]; loaf: number[]; longtask: number[] }>(
        `(() => { window.perf.on = false; return window.perf; })()`,
      );
      const gaps = result.frames.slice(1).map((t, i) => t - result.frames[i]);
      const over = gaps.filter((g) => g > FRAME_MS + 0.5);
      const dropped = gaps.filter((g) => g > 2 * FRAME_MS);
      const max = (xs: number[]) => (xs.length ? Math.max(...xs).toFixed(0) : '0');
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      console.log(
        `message centre scroll: ${state.count} messages (${state.drawn} drawn at the end), ${wheels} wheel events of 200 px, ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `${gaps.length} frames, ${over.length} over 16.7 ms (${dropped.length} over 33.3 ms, longest ${max(gaps)} ms), ` +
          `${result.loaf.length} long animation frames (longest ${max(result.loaf)} ms), ${result.longtask.length} long tasks (longest ${max(result.longtask)} ms, ${(sum(result.longtask) / 1000).toFixed(1)} s in all)` +
          ` — load average ${loadAverage()} (target: no frame over 16.7 ms)`,
      );
      return over.length ? 1 : 0;
    }
    if (state.bottom && state.busy)
      await page.evaluate(
        `waitFor(() => document.querySelector('.message-centre [role=feed]')?.getAttribute('aria-busy') === 'false').then(() => true)`,
      );
  }
}

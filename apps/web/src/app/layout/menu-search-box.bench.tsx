import { loadavg } from 'node:os';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, bench } from 'vitest';
import type { NavItem } from '../menu-routes';
import { MenuSearchField } from './menu-search-box';

/**
 * `npm run bench:menu`: 搜索菜单 over 500 pages (50 groups of 10), the real component in jsdom.
 * One sample is one keystroke: the input's change to React's committed render of the matching options (Fuse's
 * search and the list of matches). `npm run bench:menu-chromium` measures the same in Chromium, to the painted frame. Prints p50/p99/max per keystroke, in wall time and in this process's CPU time
 * (which a busy machine inflates far less); target: each under 16 ms.
 */
const words = ['证书', '评价', '考核', '备案', '档案', '员工', '模板', '审批', '统计', '通知'];
const nav: NavItem[] = Array.from({ length: 50 }, (_, g) => ({
  key: `group:${g}`,
  title: `${words[g % 10]}管理${g}`,
  icon: null,
  path: null,
  children: Array.from({ length: 10 }, (_, i) => ({
    key: `/module-${g}/page-${i}`,
    title: `${words[(g + i) % 10]}${words[i]}列表${g * 10 + i}`,
    icon: null,
    path: `/module-${g}/page-${i}`,
  })),
}));

// What users type, one character a keystroke, then cleared: titles, paths, a typo, nothing found.
const queries = ['证书评价列表', '审批统计', 'module-42/page', '考核备案列表123', 'evaluation', 'zzzq'];
const keystrokes = queries.flatMap((q) => [...Array.from(q, (_, i) => q.slice(0, i + 1)), '']);

render(
  <MemoryRouter>
    <MenuSearchField nav={nav} />
  </MemoryRouter>,
);
const input = screen.getByRole('combobox', { name: '搜索菜单' });
// The search (fuse.js) loads when the box is first focused: measure keystrokes once it answers.
fireEvent.focus(input);
await waitFor(() => {
  fireEvent.change(input, { target: { value: '证书' } });
  if (screen.queryAllByRole('option').length === 0) throw new Error('the menu search has not loaded yet');
});
fireEvent.change(input, { target: { value: '' } });
const timings: number[] = [];
const cpuTimings: number[] = [];
let next = 0;

bench(
  'a keystroke in 搜索菜单 over 500 pages',
  () => {
    const value = keystrokes[next++ % keystrokes.length];
    const started = performance.now();
    const cpu = process.cpuUsage();
    fireEvent.change(input, { target: { value } });
    const used = process.cpuUsage(cpu);
    timings.push(performance.now() - started);
    cpuTimings.push((used.user + used.system) / 1000);
  },
  { iterations: 20 * keystrokes.length, time: 0, warmupIterations: keystrokes.length },
);

const summary = (samples: number[]) => {
  const sorted = samples.slice(-20 * keystrokes.length).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms`;
};

afterAll(() => {
  console.log(
    `menu search, 500 pages: ${Math.min(timings.length, 20 * keystrokes.length)} keystrokes; wall ${summary(timings)}; ` +
      `CPU ${summary(cpuTimings)} (target < 16 ms) — load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
});

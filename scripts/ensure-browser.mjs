#!/usr/bin/env node
// Before the browser tests: Debian's Chromium and a Chinese font must be here (nothing downloads a browser of
// its own on these machines). As root, missing ones are installed from the system's packages; otherwise the
// run stops with one line naming the command. The browser tests are never skipped silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasChineseFont() {
  const found = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim().length > 0;
}

const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!hasChineseFont()) missing.push('fonts-noto-cjk');
if (missing.length === 0) process.exit(0);

const install = `apt-get install -y ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || process.env.CHROMIUM_PATH) {
  console.error(
    `浏览器测试需要 ${missing.join('、')}，请先运行 / Browser tests need ${missing.join(', ')}: sudo apt-get update && sudo ${install}`,
  );
  process.exit(1);
}
console.log(`正在安装浏览器测试所需的系统软件包 / Installing for the browser tests: ${missing.join(', ')}`);
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error(`安装失败，请手动运行 / Installing failed, run: apt-get update && ${install}`);
  process.exit(1);
}

import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Holds DATA_DIR for this process. PGlite lets a second process open the same folder and then
 * silently loses that writer's rows, so a second server on the same folder must be refused.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {}
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `数据目录 ${dataDir} 正被另一个服务进程 (pid ${pid}) 使用。请先停止它，或用 DATA_DIR 指定另一个目录。`,
        );
      }
      unlinkSync(file); // left by a process that is gone
    }
  }
  throw new Error(`无法锁定数据目录 ${dataDir}`);
}

/** The live process other than this one that holds DATA_DIR (a running server), or null. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'server.lock'), 'utf8'));
    return pid && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

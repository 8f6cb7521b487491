import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { lockDataDir } from './db/lock.ts';

// The embedded database is PostgreSQL compiled to WebAssembly. V8 normally compiles it twice (baseline, then
// optimised) and keeps both: baseline code only holds less resident memory at the same query speed
// (docs/decisions.md, bench/README.md). Set before the database opens.
v8.setFlagsFromString('--liftoff-only');

/**
 * How long a closing node may take to finish: the job workers get 8 s to finish or hand back their jobs
 * (plugins/jobs.ts), requests and downloads under way the rest.
 */
const SHUTDOWN_LIMIT_MS = 25_000;

/** Starts the server: config from the environment, the data folder locked, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const unlock = config.dataDir ? lockDataDir(config.dataDir) : () => {};
  process.once('exit', unlock);
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在关闭服务');
    // Whatever is still open then is cut: a deployment may wait 30 s before it kills the process.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      await app.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.database.kind, dataDir: config.dataDir, web: config.webDist ?? '(未构建，仅提供接口)' },
    `服务已启动：http://localhost:${config.port}`,
  );
}

main().catch((err) => {
  // The whole error (stack, PostgreSQL code and detail): a failed start has to be diagnosable from its log.
  console.error('服务启动失败：', err);
  process.exit(1);
});

import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { lockDataDir } from './db/lock.ts';

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
    const force = setTimeout(() => process.exit(1), 10_000);
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
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

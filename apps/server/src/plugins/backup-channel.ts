import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { LAST_MIGRATION_SQL, migrationTagAt } from '../db/backup-archive.ts';

/** The socket `npm run backup` asks a running server for its embedded database through. */
export const backupSocketPath = (dataDir: string): string => path.join(dataDir, 'backup.sock');

/** The longest path a Unix socket may have on Linux (its `sun_path` less the closing zero). */
const SOCKET_PATH_MAX = 107;

/**
 * The backup channel of the embedded database: another process cannot open the live database folder (the lock), so
 * `npm run backup` asks this process for PGlite's own dump, taken inside its query queue (whole statements only: a
 * crash-consistent copy, as if the process had stopped there). It is a Unix socket in the data folder, made readable
 * by its owner only: whoever may connect may read the folder itself, and it is no route of the site (no token, no
 * address on the network). `GET /database` answers the dump, with the last migration's tag in `x-migration`.
 */
export const backupChannelPlugin = fp(
  async (app) => {
    const { dataDir } = app.config;
    const dump = app.database.dump;
    if (!dataDir || !dump) return;
    const socket = backupSocketPath(dataDir);
    if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
      app.log.warn({ socket }, '数据目录路径过长，无法开放在线备份通道：备份前请停止服务');
      return;
    }
    const server: Server = createServer((request, reply) => {
      if (request.method !== 'GET' || request.url !== '/database') {
        reply.writeHead(404).end('未知请求');
        return;
      }
      (async () => {
        const result = (await app.db.execute(sql.raw(LAST_MIGRATION_SQL))) as unknown as {
          rows: { created_at: string | number }[];
        };
        const migration = migrationTagAt(Number(result.rows[0]?.created_at));
        const bytes = Buffer.from(await (await dump()).arrayBuffer());
        reply.writeHead(200, {
          'content-type': 'application/x-tar',
          'content-length': bytes.length,
          'x-migration': migration,
        });
        reply.end(bytes);
      })().catch((err: unknown) => {
        app.log.error({ err }, '在线备份失败');
        if (!reply.headersSent) reply.writeHead(500);
        reply.end(`数据库导出失败：${(err as Error).message}`);
      });
    });
    // A socket left by a process that died: the data folder's lock is held (main.ts), so it is nobody's.
    await rm(socket, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
    await chmod(socket, 0o600);
    // Closed before the database: a dump under way ends first.
    app.addHook('preClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'backup-channel', dependencies: ['config', 'db'] },
);

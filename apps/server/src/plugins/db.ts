import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Opens the database (PostgreSQL with DATABASE_URL, else PGlite), migrates it, closes it on shutdown. */
export const dbPlugin = fp<{ database?: Database }>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (await openDatabase({
        url: config.databaseUrl,
        pgliteDir: config.dataDir ? `${config.dataDir}/pglite` : null,
      }));
    app.decorate('database', database);
    app.decorate('db', database.db);
    // A database handed in by a test belongs to the test, which closes it.
    if (!opts.database) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);

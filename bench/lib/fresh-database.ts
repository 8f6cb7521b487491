import pg from 'pg';

/** A new database on the PostgreSQL server of `adminUrl` for one benchmark run (null without one), and its drop. */
export async function freshDatabase(
  adminUrl: string | undefined,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!adminUrl) return null;
  const name = `sc_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

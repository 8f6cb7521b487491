import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { serverRoot } from '../lib/paths.ts';

export const migrationsFolder = path.join(serverRoot, 'drizzle');

// PGlite's default 128 MB of shared buffers sits in the process's own memory, next to the sockets; the
// embedded database is small, so 16 MB hold its working set and the process starts smaller.
export const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers = 16MB'] };

/**
 * A migrated empty database that `npm run build` leaves beside the bundles: a new data folder is unpacked from it
 * instead of running initdb and every migration (seconds of CPU at the first start).
 */
export const TEMPLATE_FILE = path.join(serverRoot, 'dist', 'pglite-template.tar');
const stampOf = (file: string) => `${file}.stamp`;

/** What a template is made from: the PGlite release and every migration. One made from others is not used. */
export function templateStamp(): string {
  const hash = createHash('sha256');
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version);
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex');
}

/**
 * Writes the template (the build): an in-memory database, migrated, dumped. Its stamp goes last, so a template
 * written only in part is never taken for a whole one.
 */
export async function writePgliteTemplate(file = TEMPLATE_FILE): Promise<void> {
  const client = await PGlite.create(PGLITE_OPTIONS);
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  await rm(stampOf(file), { force: true });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await writeFile(stampOf(file), templateStamp());
}

/** The template, when there is one made from this PGlite and these migrations. */
function matchingTemplate(file: string): Blob | undefined {
  if (!existsSync(file) || !existsSync(stampOf(file))) return undefined;
  if (readFileSync(stampOf(file), 'utf8') !== templateStamp()) return undefined;
  return new Blob([readFileSync(file)]);
}

/**
 * Sets up a new embedded database folder: from the template (`file`) when it matches, else by initdb; then migrates
 * it. Answers whether the template was used.
 */
export async function setUpPgliteFolder(dataDir: string, file = TEMPLATE_FILE): Promise<boolean> {
  const template = matchingTemplate(file);
  const client = await PGlite.create(dataDir, { ...PGLITE_OPTIONS, loadDataDir: template });
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  return template !== undefined;
}

/** Opens an embedded database folder (running initdb when it is new) and brings its schema up to date. */
export async function openMigratedPglite(dataDir: string): Promise<PGlite> {
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  await migrate(drizzle(client), { migrationsFolder });
  return client;
}

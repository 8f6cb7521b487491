import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rename as renameCb, renameSync, writeFile as writeFileCb, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The layout of local file storage: a content lives at `root/<first two hex digits>/<sha256>`. Pure and free of
 * fastify, so the render workers can write certificates straight into storage (no PDF sent back to the main
 * thread to be hashed and written there).
 */
export const contentPath = (root: string, sha256: string): string =>
  path.join(root, sha256.slice(0, 2), sha256);

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A temporary name beside the target: same folder, so the rename that publishes the content is atomic. */
export const tempPathFor = (target: string): string =>
  `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;

/**
 * Removes the temporary files of writes that never finished (their process died between writing and renaming),
 * modified more than `olderThanMs` ago: a live write renames its file within milliseconds, and one that lost its
 * file fails and is retried. Answers how many were removed.
 */
export async function removeTempFiles(root: string, olderThanMs: number): Promise<number> {
  const before = Date.now() - olderThanMs;
  let removed = 0;
  const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const dir of dirs) {
    if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) continue;
    const folder = path.join(root, dir.name);
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (!name.endsWith('.tmp')) continue;
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs > before) continue;
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** The contents (by SHA-256, with their path) written or rewritten at `sinceMs` or later. */
export async function contentsModifiedSince(
  root: string,
  sinceMs: number,
): Promise<{ sha256: string; path: string }[]> {
  const found: { sha256: string; path: string }[] = [];
  const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const dir of dirs) {
    if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) continue;
    const folder = path.join(root, dir.name);
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (!/^[0-9a-f]{64}$/.test(name)) continue;
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs >= sinceMs) found.push({ sha256: name, path: file });
    }
  }
  return found;
}

const knownDirs = new Set<string>();

/** Where bytes go: their hash, the target path, its folder and a temporary name beside it. */
function placeOf(root: string, bytes: Uint8Array) {
  const sha256 = sha256Of(bytes);
  const target = contentPath(root, sha256);
  return { sha256, target, dir: path.dirname(target), temp: tempPathFor(target), size: bytes.byteLength };
}

/**
 * Writes bytes into local storage under their hash, synchronously (for worker threads, where blocking is free).
 * Same name, same content: renaming over an existing copy changes nothing, so no existence check is needed.
 */
export function writeContentSync(root: string, bytes: Uint8Array): { sha256: string; size: number } {
  const { sha256, target, dir, temp, size } = placeOf(root, bytes);
  if (!knownDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    knownDirs.add(dir);
  }
  try {
    writeFileSync(temp, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dir, { recursive: true }); // the folder went away under us
    writeFileSync(temp, bytes);
  }
  renameSync(temp, target);
  return { sha256, size };
}

// The callback forms: no FileHandle per call, which counts when the event loop writes ten thousand files.
const writeFileAsync = promisify(writeFileCb);
const renameAsync = promisify(renameCb);

/** writeContentSync for the main thread: the same layout and steps, without blocking the event loop. */
export async function writeContent(
  root: string,
  bytes: Uint8Array,
): Promise<{ sha256: string; size: number }> {
  const { sha256, target, dir, temp, size } = placeOf(root, bytes);
  if (!knownDirs.has(dir)) {
    await mkdir(dir, { recursive: true });
    knownDirs.add(dir);
  }
  await writeFileAsync(temp, bytes).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true }); // the folder went away under us
    await writeFileAsync(temp, bytes);
  });
  await renameAsync(temp, target);
  return { sha256, size };
}

import { ZipArchive } from 'archiver';

/** A stored (uncompressed) zip of these entries, as a user's photo zip would be. */
export async function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const archive = new ZipArchive({ store: true });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  for (const e of entries) archive.append(e.data, { name: e.name });
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

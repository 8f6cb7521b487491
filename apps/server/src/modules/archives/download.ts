import {
  ARCHIVE_INDEX_NAME,
  type ArchiveDocument,
  archiveFolderName,
  archiveKindVolumes,
  archiveVolumeName,
} from '@skill-cert/shared/archives';
import type { ZipArchive } from 'archiver';
import { filesZip, streamTable, type ZipEntry } from '../certificate-engine/service.ts';
import { archiveDocuments } from './archives.ts';
import type { ArchiveContext } from './sources.ts';

/** A name safe as a zip entry: no path separators or characters Windows refuses. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '-').trim() || '未命名';

/** Names in one folder kept apart: a second `签到表.pdf` becomes `签到表(2).pdf`. */
function zipNames(docs: ArchiveDocument[]): string[] {
  const used = new Set<string>();
  return docs.map((d) => {
    const folder = archiveFolderName(d.volume);
    const name = safeName(d.name);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let path = `${folder}/${name}`;
    for (let n = 2; used.has(path); n++) path = `${folder}/${stem}(${n})${ext}`;
    used.add(path);
    return path;
  });
}

/**
 * `GET /api/archives/{id}/download`: the whole archive as one streamed zip: a folder per volume with its
 * documents (generated ones produced from the records as their turn comes, uploads read from storage), then
 * `目录.xlsx` listing every document. Entries are added one after another (the engine's `filesZip`), so memory stays
 * flat whatever the number of candidates.
 */
export async function archiveZip(ctx: ArchiveContext, signal: AbortSignal): Promise<ZipArchive> {
  const docs = await archiveDocuments(ctx);
  const names = zipNames(docs);
  const source = ctx.app.archiveSources.of(ctx.archive.kind);
  const entry = (d: ArchiveDocument, name: string): ZipEntry => {
    if (d.kind === 'uploaded' && d.file_id) return { fileId: d.file_id, name };
    return {
      name,
      produce: async () => {
        const body = await source.produce(ctx, d.key, signal);
        if (!body) throw new Error(`archive document ${d.key} vanished`);
        return body;
      },
    };
  };
  // Volume by volume; one without documents is an empty folder, so every volume has its folder.
  const entries: ZipEntry[] = archiveKindVolumes[ctx.archive.kind].flatMap((volume): ZipEntry[] => {
    const inVolume = docs.flatMap((d, i) => (d.volume === volume ? [entry(d, names[i] as string)] : []));
    return inVolume.length > 0
      ? inVolume
      : [{ name: `${archiveFolderName(volume)}/`, produce: async () => new Uint8Array(0) }];
  });
  const index = (): Promise<import('node:stream').Readable> =>
    streamTable(
      {
        sheetName: '目录',
        columns: [
          { header: '序号', width: 8 },
          { header: '卷', width: 20 },
          { header: '文件', width: 50 },
          { header: '类型', width: 10 },
          { header: '上传人', width: 12 },
          { header: '上传时间', width: 20 },
        ],
      },
      async function* () {
        yield docs.map((d, i) => [
          i + 1,
          `第${d.volume}卷 ${archiveVolumeName(d.volume)}`,
          names[i] as string,
          d.kind === 'generated' ? '系统生成' : '上传',
          d.created_by_name ?? '',
          d.create_time_str ?? '',
        ]);
      },
      (err) => ctx.app.log.error({ err, archive: ctx.archive.id }, '档案目录生成失败'),
      signal,
    );
  entries.push({ name: ARCHIVE_INDEX_NAME, produce: index });
  let sent = false;
  return filesZip<number>(
    ctx.app,
    async () => {
      if (sent) return { entries: [], cursor: 0 };
      sent = true;
      return { entries, cursor: 0 };
    },
    signal,
    { archive: ctx.archive.id },
  );
}

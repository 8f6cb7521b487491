import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { TemplateBlank } from '@skill-cert/shared/customCertificate';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BLANKS } from './defaults.ts';
import { matchPhotos, openPhotoArchive, type PhotoArchive } from './photos.ts';
import type { SheetRow } from './sheet.ts';
import { jpeg, rawZip, UTF8_NAMES } from './test-fixtures.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sc-photos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const photo = jpeg(30, 40);
const ID = '110101199003071234';
const images = DEFAULT_BLANKS.filter((b) => b.blank_type === 2).map(
  (b, i) => ({ ...b, _id: `img${i}` }) as TemplateBlank,
);

/** GBK bytes of a text, from the decoder's own table (Node has no GBK encoder). */
function gbk(text: string): Buffer {
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (!table.has(char)) table.set(char, [lead, trail]);
    }
  return Buffer.from([...text].flatMap((c) => (c.charCodeAt(0) < 0x80 ? [c.charCodeAt(0)] : table.get(c)!)));
}

let zips = 0;
async function archiveOf(entries: Parameters<typeof rawZip>[0]): Promise<PhotoArchive> {
  const file = path.join(dir, `${++zips}.zip`);
  writeFileSync(file, rawZip(entries));
  return openPhotoArchive(file);
}

const row = (rowNumber: number, values: { name?: string; id_card?: string }, rowKey = ''): SheetRow => ({
  rowNumber,
  rowKey,
  values: { name: values.name ?? '', id_card: values.id_card ?? '' },
  problems: [],
});

/** The zip path of the photo each row's first image blank uses. */
async function photosOf(archive: PhotoArchive, rows: SheetRow[]) {
  const { used } = matchPhotos(archive, rows, images);
  archive.close();
  const byRow = new Map<number, string>();
  for (const { photo, users } of used.values()) for (const u of users) byRow.set(u.row.rowNumber, photo.name);
  return rows.map((r) => byRow.get(r.rowNumber) ?? null);
}

describe('the photo-zip reader', () => {
  it('decodes a name without the UTF-8 flag as GBK (zips made on Chinese Windows)', async () => {
    // 谢伟 in GBK (D0BB CEB0) is also valid UTF-8 (л and ΰ): unflagged, it is still GBK.
    const archive = await archiveOf([{ name: gbk(`照片/谢伟-${ID}.jpg`), data: photo }]);
    expect(archive.photos.map((p) => p.name)).toEqual([`照片/谢伟-${ID}.jpg`]);
    expect(await photosOf(archive, [row(2, { name: '谢伟', id_card: ID })])).toEqual([`照片/谢伟-${ID}.jpg`]);
  });

  it('decodes a name flagged UTF-8 (general-purpose bit 11) as UTF-8', async () => {
    const archive = await archiveOf([
      { name: Buffer.from(`李四-${ID}.jpg`), flags: UTF8_NAMES, data: photo },
    ]);
    expect(archive.photos.map((p) => p.name)).toEqual([`李四-${ID}.jpg`]);
    archive.close();
  });

  it('takes the UTF-8 name of the Info-ZIP Unicode Path field (0x7075) over the GBK one', async () => {
    // The header's GBK name differs from the field's, to tell which one was read.
    const raw = gbk(`旧文件名-${ID}.jpg`);
    const unicode = Buffer.from(`王五-${ID}.jpg`);
    const field = Buffer.alloc(4 + 5 + unicode.length);
    field.writeUInt16LE(0x7075, 0);
    field.writeUInt16LE(5 + unicode.length, 2);
    field.writeUInt8(1, 4);
    field.writeUInt32LE(crc32(raw), 5);
    unicode.copy(field, 9);
    const archive = await archiveOf([{ name: raw, extra: field, data: photo }]);
    expect(archive.photos.map((p) => p.name)).toEqual([`王五-${ID}.jpg`]);
    archive.close();
  });

  it('finds a photo of a zip made on a Mac (UTF-8 names, not flagged) by its UTF-8 name too', async () => {
    const archive = await archiveOf([{ name: Buffer.from(`赵六-${ID}.jpg`), flags: 0, data: photo }]);
    expect(await photosOf(archive, [row(2, { name: '赵六', id_card: ID })])).toEqual([
      archive.photos[0].name,
    ]);
  });

  it('skips __MACOSX/ and hidden files and folders', async () => {
    const archive = await archiveOf([
      { name: `__MACOSX/照片/._${ID}.jpg`, data: Buffer.from('resource fork') },
      { name: `照片/.${ID}.jpg`, data: photo },
      { name: `.hidden/${ID}.jpg`, data: photo },
      { name: '照片/.DS_Store', data: Buffer.from('x') },
    ]);
    expect(archive.photos).toEqual([]);
    expect(await photosOf(archive, [row(2, { id_card: ID })])).toEqual([null]);
  });

  it('matches a photo named by the ID number', async () => {
    const archive = await archiveOf([{ name: `${ID}.jpg`, data: photo }]);
    expect(await photosOf(archive, [row(2, { name: '张三', id_card: ID })])).toEqual([`${ID}.jpg`]);
  });

  it('matches a photo named 姓名-证件号码', async () => {
    const archive = await archiveOf([{ name: `张三-${ID}.jpg`, data: photo }]);
    expect(await photosOf(archive, [row(2, { name: '张三', id_card: ID })])).toEqual([`张三-${ID}.jpg`]);
  });

  it('matches a photo named 证件号码-姓名', async () => {
    const archive = await archiveOf([{ name: `${ID}-张三.jpg`, data: photo }]);
    expect(await photosOf(archive, [row(2, { name: '张三', id_card: ID })])).toEqual([`${ID}-张三.jpg`]);
  });

  it('takes .jpg, .jpeg and .png in any case as photos, and no other file', async () => {
    const ids = ['110101199003071111', '110101199003072222', '110101199003073333', '110101199003074444'];
    const archive = await archiveOf([
      { name: `${ids[0]}.JPG`, data: photo },
      { name: `${ids[1]}.Jpeg`, data: photo },
      { name: `${ids[2]}.png`, data: photo },
      { name: `${ids[3]}.gif`, data: photo },
      { name: `${ids[3]}.txt`, data: photo },
    ]);
    expect(
      await photosOf(
        archive,
        ids.map((id, i) => row(i + 2, { id_card: id })),
      ),
    ).toEqual([`${ids[0]}.JPG`, `${ids[1]}.Jpeg`, `${ids[2]}.png`, null]);
  });

  it('finds photos in nested folders', async () => {
    const archive = await archiveOf([{ name: `照片/一班/第一组/${ID}.jpg`, data: photo }]);
    expect(await photosOf(archive, [row(2, { id_card: ID })])).toEqual([`照片/一班/第一组/${ID}.jpg`]);
  });

  it('lists the photos no row uses and the rows without a photo', async () => {
    const archive = await archiveOf([
      { name: `${ID}.jpg`, data: photo },
      { name: '照片/不在名单里的人.jpg', data: photo },
    ]);
    const rows = [row(2, { id_card: ID }), row(3, { id_card: '110101199003075555' })];
    const { unmatched, withoutPhoto } = matchPhotos(archive, rows, images);
    archive.close();
    expect(unmatched).toEqual(['照片/不在名单里的人.jpg']);
    expect(withoutPhoto).toEqual([{ rowNumber: 3, blank: 'photo' }]);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deflatedZeros,
  jpeg,
  jpegClaiming,
  png,
  rawZip,
  UTF8_NAMES,
} from '../../../test/fixtures/certificate-engine.ts';
import { contentPath, sha256Of } from '../../lib/content-store.ts';
import type { Storage } from '../../plugins/storage.ts';
import { DEFAULT_BLANKS } from './defaults.ts';
import {
  collectPhotos,
  indexPhotoZip,
  matchPhotos,
  type PhotoArchive,
  photoArchiveOf,
  storeZipPhotos,
} from './photos.ts';
import type { SheetRow } from './sheet-read.ts';

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
  return photoArchiveOf(file, await indexPhotoZip(file));
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
    expect(unmatched).toEqual(['照片/不在名单里的人.jpg']);
    expect(withoutPhoto).toEqual([{ rowNumber: 3, blank: 'photo' }]);
  });
});

describe("reading photos from the zip (the upload thread's task)", () => {
  const other = png(30, 40);

  it('stores each photo in local storage under the hash of its bytes, answering in the order asked', async () => {
    const archive = await archiveOf([
      { name: `${ID}.jpg`, data: photo },
      { name: '110101199003075555.png', data: other },
    ]);
    const root = path.join(dir, `store-${zips}`);
    const out = await storeZipPhotos({
      zipPath: archive.path,
      photos: [...archive.photos].reverse(),
      storeRoot: root,
    });
    expect(out).toEqual([
      { kind: 'png', sha256: sha256Of(other), size: other.length },
      { kind: 'jpg', sha256: sha256Of(photo), size: photo.length },
    ]);
    expect(readFileSync(contentPath(root, sha256Of(photo)))).toEqual(photo);
  });

  it('answers the bytes when storage is not on this disk', async () => {
    const archive = await archiveOf([{ name: `${ID}.jpg`, data: photo }]);
    const [out] = await storeZipPhotos({ zipPath: archive.path, photos: archive.photos, storeRoot: null });
    expect(out).toMatchObject({ kind: 'jpg' });
    expect(Buffer.from((out as { bytes: Uint8Array }).bytes)).toEqual(photo);
  });

  it('an entry inflating past its declared size, a non-image, a cut image and a 39.6-megapixel claim fail alone', async () => {
    const archive = await archiveOf([
      { name: '1.jpg', data: deflatedZeros(2), deflated: true, claimedSize: 5000 },
      { name: '2.jpg', data: Buffer.from('not a photo at all, only text') },
      { name: '3.jpg', data: photo.subarray(0, 40) },
      { name: '4.jpg', data: jpegClaiming(7680, 5160) },
      { name: '5.jpg', data: photo },
    ]);
    const root = path.join(dir, `store-${zips}`);
    const out = await storeZipPhotos({ zipPath: archive.path, photos: archive.photos, storeRoot: root });
    expect(out.slice(0, 3)).toEqual([
      { problem: '无法读取' },
      { problem: '不是 JPG/PNG 图片' },
      { problem: '已损坏，无法读取' },
    ]);
    expect((out[3] as { problem: string }).problem).toContain('7680');
    expect(out[4]).toMatchObject({ kind: 'jpg', sha256: sha256Of(photo) });
  });

  it('a located entry whose data runs past the end of the zip fails alone', async () => {
    const archive = await archiveOf([{ name: `${ID}.jpg`, data: photo }]);
    const [found] = archive.photos;
    const lying = {
      ...found,
      at: { ...found.at, compressedSize: 10 * photo.length, uncompressedSize: 10 * photo.length },
    };
    const out = await storeZipPhotos({ zipPath: archive.path, photos: [lying, found], storeRoot: null });
    expect(out[0]).toEqual({ problem: '无法读取' });
    expect(out[1]).toMatchObject({ kind: 'jpg' });
  });

  it('collectPhotos puts what the thread answers as bytes into a storage not on this disk, one file row a photo', async () => {
    const archive = await archiveOf([{ name: `${ID}.jpg`, data: photo }]);
    const put: Buffer[] = [];
    const storage: Storage = {
      async put(source: Readable) {
        const chunks: Buffer[] = [];
        for await (const c of source) chunks.push(c as Buffer);
        put.push(Buffer.concat(chunks));
        return { sha256: sha256Of(put.at(-1)!), size: put.at(-1)!.length };
      },
      open: () => Readable.from([]),
      exists: async () => false,
    };
    const sheets = {
      indexPhotoZip,
      storeZipPhotos: (input: Parameters<typeof storeZipPhotos>[0]) => {
        expect(input.storeRoot).toBeNull();
        return storeZipPhotos(input);
      },
    };
    const rows = [row(2, { name: '张三', id_card: ID })];
    const found = await collectPhotos(
      { storage, sheets },
      { id: 'u', companyId: 'c' },
      archive,
      rows,
      images,
    );
    expect(put).toEqual([photo]);
    expect(found.records).toMatchObject([
      { sha256: sha256Of(photo), size: photo.length, kind: 'jpg', originName: `${ID}.jpg` },
    ]);
    expect(found.byRow.get(rows[0])?.get('photo')).toBe(found.records[0].id);
    expect(rows[0].problems).toEqual([]);
  });
});

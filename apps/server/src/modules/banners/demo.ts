import { crc32, deflateSync } from 'node:zlib';
import { BannerPosition, BannerStatus } from '@skill-cert/shared/banners';
import type { FastifyInstance } from 'fastify';
import { putContent, recordFiles } from '../files/service.ts';
import { findUserByAccount } from '../users/service.ts';
import { banners } from './tables.ts';

/** A PNG of a horizontal gradient between two colours, written by hand (the demo needs no image library). */
export function gradientPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  // The first row as differences from its left neighbour (filter 1), every other row as "same as above" (filter
  // 2): a few hundred bytes, so the login page's first load stays light.
  const row = Array.from({ length: width }, (_, x) =>
    from.map((c, i) => Math.round(c + ((to[i] - c) * x) / (width - 1))),
  );
  const first = Buffer.alloc(1 + width * 3);
  first[0] = 1;
  row.forEach((rgb, x) => {
    rgb.forEach((c, i) => {
      first[1 + x * 3 + i] = (c - (x > 0 ? row[x - 1][i] : 0)) & 255;
    });
  });
  const same = Buffer.alloc(1 + width * 3);
  same[0] = 2;
  const pixels = Buffer.concat([first, ...Array.from({ length: height - 1 }, () => same)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const DEMO_BANNERS = [
  {
    title: '职业技能等级认定服务平台上线',
    link: '/news/index',
    sort: 1,
    colours: [
      [80, 78, 243],
      [22, 119, 255],
    ],
  },
  {
    title: '证书查询：扫描证书二维码即可核验真伪',
    link: 'https://www.osta.org.cn/',
    sort: 2,
    colours: [
      [19, 194, 194],
      [82, 196, 26],
    ],
  },
] as const;

/** Two platform banners on the login page with generated images (README "Demo accounts"); nothing when there are any. */
export async function seedBannerDemo(app: FastifyInstance): Promise<void> {
  const { db, storage } = app;
  const [any] = await db.select({ id: banners.id }).from(banners).limit(1);
  if (any) return;
  const author = await findUserByAccount(db, 'pingtai');
  for (const b of DEMO_BANNERS) {
    const png = gradientPng(960, 320, [...b.colours[0]], [...b.colours[1]]);
    const stored = await putContent(storage, png);
    const [file] = await recordFiles(db, [
      {
        ownerId: author?.id ?? null,
        companyId: null,
        ...stored,
        kind: 'png',
        originName: `banner-${b.sort}.png`,
      },
    ]);
    await db.insert(banners).values({
      title: b.title,
      imageFileId: file.id,
      link: b.link,
      position: BannerPosition.LOGIN,
      sort: b.sort,
      status: BannerStatus.ENABLED,
      createdBy: author?.id ?? null,
    });
  }
}

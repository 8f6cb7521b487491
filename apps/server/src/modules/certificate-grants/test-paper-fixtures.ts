/**
 * Test helpers of the paper analysis: a grant with certificates inserted directly (the grant routes are another
 * module's), and scans of real certificates: rendered by the engine, rasterised as a scanner or phone would, turned
 * and skewed.
 */

import {
  type Canvas,
  createCanvas,
  type Image,
  loadImage,
  PDFDocument,
  type SKRSContext2D,
} from '@napi-rs/canvas';
import { EvaluationStatus } from '@skill-cert/shared/levelEvaluation';
import type { DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/id.ts';
import { renderCertificate } from '../certificate-engine/render/index.ts';
import { textBlank } from '../certificate-engine/render/testing/fixtures.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { insertCertificates } from '../certificates/testing.ts';
import { seedPlan } from '../level-evaluations/test-plans.ts';
import { findUserByAccount } from '../users/service.ts';
import { openPdf, rasterisePage } from './paper-reader-worker.ts';
import { certificateGrants } from './tables.ts';

/**
 * A grant of `account`'s company (status 1 待确认 unless told) with `count` certificates (of the given `ids`, when
 * scans were made for them); answers their ids.
 */
export async function seedGrant(
  db: DbOrTx,
  account: string,
  { count = 3, status = 1 as 0 | 1 | 2, ids = [] as string[] } = {},
): Promise<{ grantId: string; certificateIds: string[]; companyId: string }> {
  const user = (await findUserByAccount(db, account))!;
  const companyId = user.companyId as string;
  const evaluationId = await seedPlan(db, companyId, { status: EvaluationStatus.PASSED });
  const grantId = uuidv7();
  await db.insert(certificateGrants).values({
    id: grantId,
    companyId,
    evaluationId,
    templateId: 'national',
    template: {} as CertificateTemplate,
    issueDate: '2026-12-20',
    status,
    total: count,
    successCount: count,
    createdBy: user.id,
    createdByName: user.name ?? '',
  });
  const certificateIds = Array.from({ length: count }, (_, i) => ids[i] ?? uuidv7());
  const prefix = `Y${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}33330106`;
  await insertCertificates(
    db,
    certificateIds.map((id, i) => ({
      id,
      companyId,
      source: 1 as const,
      sourceId: grantId,
      evaluationId,
      certificateNo: `${prefix}264${String(i + 1).padStart(6, '0')}`.slice(0, 22),
      holderName: `学员${i + 1}`,
      idNumber: `33010619900101${String(i).padStart(4, '0')}`,
      level: 4,
      produceStatus: 1,
      status: 0 as const,
    })),
  );
  return { grantId, certificateIds, companyId };
}

export const publicLink = (id: string) => `http://localhost:3000/information-link/${id}`;

/** A certificate as the engine prints it: A4 landscape, a name, the QR code to `qrText` at the default place. */
export function certificatePdf(qrText: string, name = '张三'): Promise<Uint8Array> {
  return renderCertificate({
    pageSize: 'A4',
    orientation: 'landscape',
    backgroundPath: null,
    blanks: [textBlank({ text: `${name} 职业技能等级证书`, font_size: 24 })],
    qr: { text: qrText, x: 0.86, y: 0.78, size: 0.1 },
  });
}

/**
 * A scan of the printed certificate: its PDF rasterised at `longSide` px (150 dpi for A4: 1754), then turned by
 * `turn` degrees and skewed by `skew` degrees on a grey table, as a JPEG.
 */
export async function scanOf(
  qrText: string,
  { turn = 0, skew = 0, longSide = 1754 }: { turn?: number; skew?: number; longSide?: number } = {},
): Promise<Buffer> {
  const doc = await openPdf(await certificatePdf(qrText));
  let page: Canvas;
  try {
    page = await rasterisePage(doc, 1, longSide);
  } finally {
    await doc.destroy();
  }
  return photographed(page, { turn, skew });
}

/**
 * A printed page as a phone or a careless scan sees it: turned by `turn` degrees and askew by `skew` degrees (with a
 * little shear, the phone not held flat) on a grey table, as a JPEG of `quality`.
 */
export function photographed(
  page: Canvas | Image,
  { turn = 0, skew = 0, quality = 85 }: { turn?: number; skew?: number; quality?: number },
): Buffer {
  const { width, height } = page;
  const turned = turn % 180 !== 0;
  const out = createCanvas((turned ? height : width) + 160, (turned ? width : height) + 160);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#8a8a8a';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate(((turn + skew) * Math.PI) / 180);
  ctx.transform(1, 0, Math.tan((skew * Math.PI) / 360), 1, 0, 0);
  ctx.drawImage(page as Image, -width / 2, -height / 2);
  return out.toBuffer('image/jpeg', quality);
}

/** A picture with no QR code on it (a photo of something else). */
export function blankPhoto(): Buffer {
  const canvas = createCanvas(1200, 850);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4efe2';
  ctx.fillRect(0, 0, 1200, 850);
  ctx.fillStyle = '#333333';
  ctx.font = '48px sans-serif';
  ctx.fillText('没有二维码的照片', 200, 400);
  return canvas.toBuffer('image/jpeg', 85);
}

/** A scanner's multi-page PDF: one JPEG page per scan, A4 landscape. */
export async function scanPdf(scans: Buffer[]): Promise<Buffer> {
  const pdf = new PDFDocument({ encodingQuality: 85 });
  for (const scan of scans) {
    const image = await loadImage(scan);
    const ctx = pdf.beginPage(842, (842 * image.height) / image.width) as unknown as SKRSContext2D;
    ctx.drawImage(image, 0, 0, 842, (842 * image.height) / image.width);
    pdf.endPage();
  }
  return pdf.close();
}

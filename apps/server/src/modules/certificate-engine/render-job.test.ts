import type { TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BLANKS } from './defaults.ts';
import { buildRenderJob } from './render-job.ts';
import type { CertificateTemplate } from './types.ts';

const template: CertificateTemplate = {
  template_name: '电工证书',
  page_size: 'A4',
  orientation: 'landscape',
  render_background_file_id: 'bg',
  blanks: DEFAULT_BLANKS.map((b, i) => ({ ...b, _id: String(i) })) as TemplateBlank[],
  qr: { x: 0.86, y: 0.8, size: 0.1 },
};

describe('buildRenderJob', () => {
  it("puts the row's text and photo path in the template's boxes and the QR code to the public page", () => {
    const job = buildRenderJob(
      template,
      [
        { name: 'name', val: '张三' },
        { name: 'photo', val: 'photo-file' },
        { name: 'level', val: '四级/中级工' },
      ],
      {
        backgroundPath: '/data/bg.jpg',
        imagePathOf: (id) => (id === 'photo-file' ? '/data/photo.jpg' : undefined),
        qrText: 'https://cert.example.com/information-link/abc',
      },
    );
    expect(job).toMatchObject({
      pageSize: 'A4',
      orientation: 'landscape',
      backgroundPath: '/data/bg.jpg',
      qr: { text: 'https://cert.example.com/information-link/abc', x: 0.86, y: 0.8, size: 0.1 },
      title: '电工证书 - 张三',
    });
    expect(job.blanks).toHaveLength(DEFAULT_BLANKS.length);
    const name = job.blanks[0];
    expect(name).toMatchObject({ blank_type: 1, text: '张三', x: 0.28, bold: 1 });
    const photo = job.blanks.find((b) => b.blank_type === 2);
    expect(photo).toMatchObject({ imagePath: '/data/photo.jpg', x: 0.08, width: 0.12 });
    // A blank the row has no value for renders empty.
    expect(job.blanks[template.blanks.findIndex((b) => b.name === 'gender')].text).toBe('');
  });
});

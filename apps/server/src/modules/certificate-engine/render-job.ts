import { BlankType } from '@skill-cert/shared/custom-certificates';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../plugins/storage.ts';
import { findFiles, localPathOf } from '../files/service.ts';
import { NAME_BLANK } from './defaults.ts';
import type { RenderJob } from './render/types.ts';
import type { BlankValue, CertificateTemplate } from './types.ts';

/**
 * One certificate's render job: the template's geometry, the certificate's text, the photos' paths on disk and
 * the QR code (its public page).
 */
export function buildRenderJob(
  template: CertificateTemplate,
  values: BlankValue[],
  opts: {
    backgroundPath: string | null;
    imagePathOf: (fileId: string) => string | undefined;
    qrText: string;
    /** Previews: every image blank shows the grey placeholder photo (drawn by the worker). */
    placeholderImages?: boolean;
    /** The PDF's creation date (`RenderJob.createdAt`); by default the time of rendering. */
    createdAt?: Date;
    /** Text blanks whose value is the same on every certificate of the template (`RenderBlank.fixed`). */
    fixedBlanks?: ReadonlySet<string>;
  },
): RenderJob {
  const byName = new Map(values.map((v) => [v.name, v.val]));
  return {
    pageSize: template.page_size,
    orientation: template.orientation,
    backgroundPath: opts.backgroundPath,
    blanks: template.blanks.map((b) => {
      const val = byName.get(b.name) ?? '';
      const base = {
        blank_type: b.blank_type,
        x: b.x,
        y: b.y,
        width: b.width,
        height: b.height,
        font_size: b.font_size,
        color: b.color,
        align: b.align,
        bold: b.bold,
      };
      if (b.blank_type === BlankType.TEXT)
        return opts.fixedBlanks?.has(b.name) ? { ...base, text: val, fixed: true } : { ...base, text: val };
      if (opts.placeholderImages) return { ...base, placeholder: true };
      return { ...base, imagePath: val ? opts.imagePathOf(val) : undefined };
    }),
    qr: { text: opts.qrText, ...template.qr },
    title: [template.template_name, byName.get(NAME_BLANK)].filter(Boolean).join(' - '),
    ...(opts.createdAt ? { createdAt: opts.createdAt.toISOString() } : {}),
  };
}

/** Local paths of stored files (backgrounds, photos) by file id, for the renderer. */
export async function filePaths(db: DbOrTx, storage: Storage, ids: string[]): Promise<Map<string, string>> {
  const rows = await findFiles(db, [...new Set(ids.filter(Boolean))]);
  const paths = new Map<string, string>();
  for (const f of rows) paths.set(f.id, await localPathOf(storage, f.sha256));
  return paths;
}

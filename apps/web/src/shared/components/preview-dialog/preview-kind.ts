/** How the preview dialog shows a file, chosen by its extension (spec §9 "Preview"). */
export type PreviewKind = 'image' | 'pdf' | 'docx' | 'sheet' | 'download';

const KIND_BY_EXTENSION: Record<string, PreviewKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'sheet',
  // Often an .xlsx under an old name; a real binary .xls does not read and the dialog says to download it.
  xls: 'sheet',
};

/** 'pdf' for 'a/b/Report.PDF?x=1#p'; '' without an extension. */
export function fileExtension(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The file's name decides; the URL is the fallback when the name has no extension. */
export function previewKind(name: string | undefined, url: string): PreviewKind {
  const extension = fileExtension(name ?? '') || fileExtension(url);
  return KIND_BY_EXTENSION[extension] ?? 'download';
}

/** The URL that makes the server send the file as an attachment (`GET /api/files/:id?download=1`). */
export function downloadUrl(url: string): string {
  if (!url.startsWith('/api/files/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';

/** File kinds recognised by their first bytes (magic numbers), never by the name a client sends. */
export type FileKind = 'jpg' | 'png' | 'gif' | 'pdf' | 'zip' | 'docx' | 'xlsx' | 'pptx' | 'doc' | 'xls';

export const mimeOf: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

export const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png'];

/** How much of a file's head detectFileKind needs to tell an .xlsx from a plain zip. */
export const KIND_HEAD_BYTES = 4096;
/** A plain .zip (a batch's photos: one per person, thousands of them) may be this big; streamed to disk. */
export const ARCHIVE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** The size limit of an upload by its detected kind: 2 GB for a plain zip, 50 MB (spec §9) for anything else. */
export function uploadLimitOf(kind: FileKind | null): { bytes: number; message: string } {
  return kind === 'zip'
    ? { bytes: ARCHIVE_UPLOAD_MAX_BYTES, message: '上传的压缩包大小不能超过 2G!' }
    : { bytes: UPLOAD_MAX_BYTES, message: '上传的文件大小不能超过 50M!' };
}

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

/**
 * The kind of a file from its head (the first few KB). Office Open XML files are zips: the name of a
 * part inside the head tells which one; the legacy OLE formats share one signature, so the client's
 * extension picks between doc and xls there.
 */
export function detectFileKind(head: Buffer, nameHint = ''): FileKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    head.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    const text = head.toString('latin1');
    if (text.includes('word/')) return 'docx';
    if (text.includes('xl/')) return 'xlsx';
    if (text.includes('ppt/')) return 'pptx';
    // The part names may lie beyond the head: a zip named as an Office file is taken at its name, so it keeps the
    // 50 MB limit of documents (not the 2 GB of photo archives); whoever reads it checks what is inside.
    const ext = nameHint.toLowerCase().split('.').pop();
    if (ext === 'docx' || ext === 'xlsx' || ext === 'pptx') return ext;
    return 'zip';
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return nameHint.toLowerCase().endsWith('.xls') ? 'xls' : 'doc';
  }
  return null;
}

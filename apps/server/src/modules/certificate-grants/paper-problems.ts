/**
 * Why a scanned page is 无法识别, as the analysis lists it beside the page: said by the reader threads
 * (paper-reader-worker.ts) and by the job for a zip's entries (paper-job.ts). No heavy import here: the main thread
 * reads these too.
 */
export const NO_QR = '未找到可识别的二维码';
export const IMAGE_BROKEN = '图片已损坏，无法读取';
export const PDF_ENCRYPTED = 'PDF 已加密，无法读取';
export const PDF_BROKEN = 'PDF 文件已损坏，无法读取';
export const PAGE_BROKEN = '该页已损坏，无法读取';
export const SCAN_MISSING = '扫描件文件不存在或已删除';
export const ENTRY_NOT_SCAN = '不是 JPG/PNG 图片或 PDF 文件';
export const ENTRY_ENCRYPTED = '压缩包中的该文件已加密，无法读取';
export const ENTRY_BROKEN = '压缩包中的该文件已损坏，无法解压';
export const entryTooBig = (maxBytes: number): string =>
  `文件超过 ${Math.round(maxBytes / 1024 / 1024)}M，无法读取`;

/** A page read before every 无法识别 carried its reason: nothing was found to read on it. */
export const UNKNOWN_PROBLEM = NO_QR;

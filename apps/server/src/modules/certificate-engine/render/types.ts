/**
 * The rendering engine's contract: one certificate in, one PDF out. Plain data only, so a job can be
 * sent to a worker thread (structured clone) unchanged.
 */

export interface RenderBlank {
  blank_type: 1 | 2;
  /** Fractions of the page (0..1), top-left origin. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Points. */
  font_size: number;
  /** #rrggbb */
  color: string;
  align: 'left' | 'center' | 'right';
  bold: 0 | 1;
  /** blank_type 1: the text to write. */
  text?: string;
  /** blank_type 2: absolute path of a JPG/PNG on disk. */
  imagePath?: string;
  /** blank_type 2, previews: draw the grey placeholder photo instead of a file. */
  placeholder?: boolean;
  /**
   * blank_type 1: the same text on every certificate of the template (a label, the title). Laid out, subset and
   * deflated once per render thread for all of them, in fonts of their own (which the certificate's own text uses
   * too for the characters they hold). The PDF looks and reads the same either way.
   */
  fixed?: boolean;
}

export interface RenderJob {
  pageSize: 'A4' | 'A5' | 'B5';
  orientation: 'portrait' | 'landscape';
  /** Absolute path of the template's rendering JPEG (see toRenderBackground); cached per path in the worker. */
  backgroundPath: string | null;
  blanks: RenderBlank[];
  /** x, y: fractions of the page from the top-left; size: fraction of the page width. */
  qr: { text: string; x: number; y: number; size: number } | null;
  /** PDF metadata title. */
  title?: string;
  /**
   * The PDF's creation date (ISO 8601), by default the time of rendering. A batch gives its own, so a certificate
   * rendered again (after a crash) is the same bytes, the same stored file, and no copy is left over.
   */
  createdAt?: string;
}

/**
 * A bad input of ONE certificate (a photo that is not an image, a missing file, ...). The message is
 * Chinese and fit to show the user as the certificate's failure reason. Any other error is a fault of
 * the system (worth a retry), not of the row.
 */
export class RenderError extends Error {
  override name = 'RenderError';
}

/** Worker threads lose the class of a thrown error: this marks a RenderError across the boundary. */
export const RENDER_ERROR_TAG = '[RenderError]';

/** The PDF Producer of every certificate this engine renders: how a leftover of its own is told from any other file. */
export const PDF_PRODUCER = 'skill-cert';

/** The nice value of render threads: background work, behind the server's main thread (worker.ts sets it). */
export const RENDER_THREAD_NICE = 10;

/**
 * A document the engine lays out (an archive's generated PDF): a title, then sections of key/value lines or a
 * table, on A4 pages as many as it takes (a table runs across pages, its header repeated), each page numbered.
 */
export interface DocumentJob {
  title: string;
  /** A line under the title (e.g. the plan number). */
  subtitle?: string;
  sections: DocumentSection[];
  /** ISO 8601; default the time of rendering. */
  createdAt?: string;
}

export type DocumentSection =
  | { heading: string; lines: [key: string, value: string][] }
  | {
      heading: string;
      /** Relative widths of the columns (any unit; shared out over the page width). */
      columns: { header: string; width: number }[];
      rows: string[][];
      /** Shown instead of the table when there is no row. */
      empty?: string;
    };

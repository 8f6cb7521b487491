import {
  type CustomCertificateTemplate,
  type DefaultBlank,
  defaultQrPlacement,
  type Orientation,
  type PageSizeValue,
  pageAspect as pageAspectOf,
  pageSizesMm,
  type QrPlacement,
  type TemplateBlank,
  type TemplateBody,
} from '@skill-cert/shared/custom-certificates';

/**
 * The designer's state and its pure rules: blanks are boxes whose geometry is a fraction of the page
 * (0..1 from the top-left, as TemplateBlank stores it), so the same numbers hold on screen and in the PDF.
 */

/** A blank being designed: `key` tells boxes apart before the server gave them an `_id`. */
export type DesignerBlank = Omit<TemplateBlank, '_id'> & { key: string; _id?: string };

export interface DesignerState {
  template_name: string;
  page_size: PageSizeValue;
  orientation: Orientation;
  /** The uploaded background: its id for the server, where to show it. */
  background: { file_id: string; webPath: string; name?: string } | null;
  blanks: DesignerBlank[];
  /** Where the QR code to the public page goes; null: the default corner (defaultQrPlacement). */
  qr: QrPlacement | null;
}

/** A box on the page in page fractions. */
export type Geometry = Pick<DesignerBlank, 'x' | 'y' | 'width' | 'height'>;

/** The smallest box the mouse can make, as a page fraction. */
export const MIN_BLANK_SIZE = 0.02;

const round = (v: number) => Math.round(v * 10_000) / 10_000;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

let keys = 0;
const nextKey = () => {
  keys += 1;
  return `blank-${keys}`;
};

/** Width × height of the page in millimetres, turned for landscape. */
export function pageMm(pageSize: PageSizeValue, orientation: Orientation): { width: number; height: number } {
  const { width, height } = pageSizesMm[pageSize];
  return orientation === 'landscape' ? { width: height, height: width } : { width, height };
}

/**
 * A text size in points as a share of the page width, in CSS container units (the page is the
 * container), so the box shows the size the PDF will print at any zoom.
 */
export function fontSizeCqw(fontSizePt: number, pageWidthMm: number): string {
  const mm = (fontSizePt * 25.4) / 72;
  return `${round((mm / pageWidthMm) * 100)}cqw`;
}

/** The box moved by (dx, dy) page fractions, kept wholly on the page. */
export function moveBlank<B extends Pick<DesignerBlank, 'x' | 'y' | 'width' | 'height'>>(
  blank: B,
  dx: number,
  dy: number,
): B {
  return {
    ...blank,
    x: round(clamp(blank.x + dx, 0, 1 - blank.width)),
    y: round(clamp(blank.y + dy, 0, 1 - blank.height)),
  };
}

/** The box's bottom-right corner moved by (dw, dh): no smaller than MIN_BLANK_SIZE, no wider than the page. */
export function resizeBlank<B extends Pick<DesignerBlank, 'x' | 'y' | 'width' | 'height'>>(
  blank: B,
  dw: number,
  dh: number,
): B {
  return {
    ...blank,
    width: round(clamp(blank.width + dw, MIN_BLANK_SIZE, 1 - blank.x)),
    height: round(clamp(blank.height + dh, MIN_BLANK_SIZE, 1 - blank.y)),
  };
}

/** The QR code's bounds: `size` is a share of the page width, and the code is square on paper. */
export const QR_MIN_SIZE = 0.04;
export const QR_MAX_SIZE = 0.5;

/** Width over height of the page (both in mm). */
export const pageAspect = (design: Pick<DesignerState, 'page_size' | 'orientation'>): number =>
  pageAspectOf(design.page_size, design.orientation);

/** How far a background's proportions may stray from the page's before the designer warns (it is stretched). */
export const BACKGROUND_ASPECT_TOLERANCE = 0.05;

export interface BackgroundMismatch {
  /** Width over height of the uploaded image and of the page. */
  imageAspect: number;
  pageAspect: number;
  /** The other orientation, when the image fits it better; null when neither fits. */
  better: Orientation | null;
}

/**
 * Whether the background (its size in pixels) would be stretched noticeably on the page: the PDF draws it over
 * the whole page whatever its proportions. Null when it fits within BACKGROUND_ASPECT_TOLERANCE.
 */
export function backgroundMismatch(
  image: { width: number; height: number } | null,
  design: Pick<DesignerState, 'page_size' | 'orientation'>,
): BackgroundMismatch | null {
  if (!image || image.width <= 0 || image.height <= 0) return null;
  const imageAspect = image.width / image.height;
  const page = pageAspect(design);
  const off = (a: number, b: number) => Math.abs(Math.log(a / b));
  if (off(imageAspect, page) <= Math.log(1 + BACKGROUND_ASPECT_TOLERANCE)) return null;
  const other: Orientation = design.orientation === 'landscape' ? 'portrait' : 'landscape';
  return {
    imageAspect,
    pageAspect: page,
    better: off(imageAspect, 1 / page) < off(imageAspect, page) ? other : null,
  };
}

/** The QR code in effect: the template's, or the default corner, kept on the page. */
export function qrOf(design: Pick<DesignerState, 'page_size' | 'orientation' | 'qr'>): QrPlacement {
  const qr = design.qr ?? defaultQrPlacement(design.page_size, design.orientation);
  return moveQr(qr, 0, 0, pageAspect(design));
}

/** The QR code as a box in page fractions (its height follows from the page's aspect). */
export function qrBox(qr: QrPlacement, aspect: number): Geometry {
  return { x: qr.x, y: qr.y, width: qr.size, height: round(qr.size * aspect) };
}

export function moveQr(qr: QrPlacement, dx: number, dy: number, aspect: number): QrPlacement {
  const height = qr.size * aspect;
  return {
    ...qr,
    x: round(clamp(qr.x + dx, 0, 1 - qr.size)),
    y: round(clamp(qr.y + dy, 0, Math.max(0, 1 - height))),
  };
}

/** Resizing keeps the code square: the larger pull of the two directions wins. */
export function resizeQr(qr: QrPlacement, dw: number, dh: number, aspect: number): QrPlacement {
  const pull = Math.abs(dw) >= Math.abs(dh / aspect) ? dw : dh / aspect;
  const max = Math.min(QR_MAX_SIZE, 1 - qr.x, (1 - qr.y) / aspect);
  return { ...qr, size: round(clamp(qr.size + pull, QR_MIN_SIZE, Math.max(QR_MIN_SIZE, max))) };
}

export function emptyDesign(): DesignerState {
  return {
    template_name: '',
    page_size: 'A4',
    orientation: 'landscape',
    background: null,
    blanks: [],
    qr: null,
  };
}

export function designOf(template: CustomCertificateTemplate): DesignerState {
  return {
    template_name: template.template_name,
    page_size: template.page_size,
    orientation: template.orientation,
    background: {
      file_id: template.background_file_id,
      webPath: template.background_web_path,
      name: '证书底图',
    },
    blanks: template.blanks.map(({ _id, ...blank }) => ({ ...blank, _id, key: _id })),
    qr: template.qr ?? null,
  };
}

/** A default field (GET /api/defaultBlanks) as a new box; null when the template already has it. */
export function blankFromDefault(defaults: DefaultBlank, blanks: DesignerBlank[]): DesignerBlank | null {
  if (blanks.some((b) => b.name === defaults.name)) return null;
  return { ...defaults, key: nextKey() };
}

/** A custom text field with a free name: field_1, field_2, … labelled 自定义字段1, 2, …, near the middle. */
export function customBlank(blanks: DesignerBlank[]): DesignerBlank {
  let n = 1;
  while (blanks.some((b) => b.name === `field_${n}`)) n += 1;
  return {
    key: nextKey(),
    name: `field_${n}`,
    cn_name: `自定义字段${n}`,
    required: 0,
    blank_type: 1,
    x: 0.35,
    y: round(clamp(0.45 + (n - 1) * 0.03, 0, 0.9)),
    width: 0.3,
    height: 0.06,
    font_size: 14,
    color: '#000000',
    align: 'left',
    bold: 0,
  };
}

/** What POST / PATCH / preview take: saved blanks keep their `_id`, new ones go without. */
export function bodyOf(design: DesignerState): TemplateBody {
  return {
    template_name: design.template_name.trim(),
    background_file_id: design.background?.file_id ?? '',
    page_size: design.page_size,
    orientation: design.orientation,
    blanks: design.blanks.map(({ key: _key, _id, ...blank }) => (_id ? { _id, ...blank } : blank)),
    qr: design.qr ? qrOf(design) : null,
  };
}

/** A saved template as a preview body. */
export function bodyOfTemplate(template: CustomCertificateTemplate): TemplateBody {
  return bodyOf(designOf(template));
}

import type { Orientation, PageSizeValue, TemplateBlank } from '@skill-cert/shared/custom-certificates';

/** Where the QR code to the public page sits: fractions of the page from the top-left, size of the page width. */
export interface QrPlacement {
  x: number;
  y: number;
  size: number;
}

/** What certificates are rendered with: a template as it was when its certificates were asked for. */
export interface CertificateTemplate {
  template_name: string;
  page_size: PageSizeValue;
  orientation: Orientation;
  render_background_file_id: string | null;
  blanks: TemplateBlank[];
  qr: QrPlacement;
}

/** A blank's value on one certificate: text, or the id of the image file. */
export interface BlankValue {
  name: string;
  val: string;
}

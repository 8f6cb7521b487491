import { BlankType, type TemplateBlank } from '@skill-cert/shared/customCertificate';
import { ID_CARD_BLANK, NAME_BLANK } from '../certificate-engine/defaults.ts';
import type { BlankValue } from '../certificate-engine/types.ts';

/** The public page of a certificate (its QR code points there). */
export const verifyPath = (certificateId: string) => `/information-link/${certificateId}`;

/** What a certificate's PDF is called (inside the zip too): row, name and ID number. */
export function certificateFileName(c: { rowNumber: number; blanks: BlankValue[] }) {
  const byName = new Map(c.blanks.map((v) => [v.name, v.val]));
  const parts = [String(c.rowNumber), byName.get(NAME_BLANK), byName.get(ID_CARD_BLANK)].filter(Boolean);
  return `${parts.join('_').replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;
}

/** Every text value of a certificate, for the list's search. */
export function searchTextOf(blanks: TemplateBlank[], values: BlankValue[]): string {
  const text = new Set(blanks.filter((b) => b.blank_type === BlankType.TEXT).map((b) => b.name));
  return values
    .filter((v) => text.has(v.name) && v.val)
    .map((v) => v.val)
    .join(' ');
}

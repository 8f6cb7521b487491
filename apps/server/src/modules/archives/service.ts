/** What other modules may call of the archives module. */
export { addItem, sealArchiveOf } from './archives.ts';
export { certificateSheet, revocationSection } from './documents.ts';
export { type ArchiveOpening, openArchive } from './open.ts';

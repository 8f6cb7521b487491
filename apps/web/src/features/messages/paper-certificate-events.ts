import type { Message } from '@skill-cert/shared/messages';

/** Called with the related object's id (`data._id`) of a paper_certificate_parse_done message. */
export type PaperCertificateParsedListener = (id: string | null, message: Message) => void;

const listeners = new Set<PaperCertificateParsedListener>();

/**
 * Subscribes to paper_certificate_parse_done pushes (spec §4: the grant-certificate detail view
 * refreshes its paper analysis). Returns the unsubscribe function, suitable as an effect cleanup.
 */
export function onPaperCertificateParsed(listener: PaperCertificateParsedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitPaperCertificateParsed(message: Message): void {
  for (const listener of [...listeners]) {
    try {
      listener(message.data._id, message);
    } catch (error) {
      console.error('paper certificate listener', error);
    }
  }
}

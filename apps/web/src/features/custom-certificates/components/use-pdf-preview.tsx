import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';

/**
 * The preview dialog for a PDF the page holds as bytes (the template preview): shown from an object URL,
 * released when the next one is shown or the page goes away.
 */
export function usePdfPreview(): { showPdf: (pdf: Blob, name: string) => void; previewDialog: ReactNode } {
  const { openPreview, previewDialog } = usePreviewDialog();
  const current = useRef<string | null>(null);
  const release = useCallback(() => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = null;
  }, []);
  useEffect(() => release, [release]);
  const showPdf = useCallback(
    (pdf: Blob, name: string) => {
      release();
      current.current = URL.createObjectURL(pdf);
      openPreview({ url: current.current, name, kind: 'pdf' });
    },
    [openPreview, release],
  );
  return { showPdf, previewDialog };
}

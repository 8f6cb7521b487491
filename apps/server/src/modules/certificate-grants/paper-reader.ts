import { Piscina } from 'piscina';
import { threadEntry } from '../../lib/paths.ts';
import { RenderPoolClosed } from '../certificate-engine/service.ts';
import type { ScanInput, ScanOutput } from './paper-reader-worker.ts';

export type { PageRead, ScanInput, ScanOutput } from './paper-reader-worker.ts';

/**
 * The paper-scan reader: threads that turn scans into QR texts (paper-reader-worker.ts), started by the first scan
 * and ended SCAN_THREAD_IDLE_MS after the last, like the engine's sheet thread: decoding images, pdf.js and the
 * QR decoder never run on (nor load into) the main thread, and an idle server holds none of them.
 */
export interface ScanReader {
  read(input: ScanInput): Promise<ScanOutput>;
  readonly threads: number;
  close(): Promise<void>;
}

const WORKER_FILE = threadEntry('paper-reader-worker', new URL('./paper-reader-worker.mjs', import.meta.url));
export const SCAN_THREAD_IDLE_MS = 30_000;

export function createScanReader(
  threads: number,
  onError: (err: Error) => void = (err) => console.error('纸质证书识别线程出错：', err),
): ScanReader {
  const size = Math.max(1, Math.floor(threads));
  const piscina = new Piscina<ScanInput, ScanOutput>({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: size,
    idleTimeout: SCAN_THREAD_IDLE_MS,
    closeTimeout: 10_000,
  });
  piscina.on('error', onError);
  let closing: Promise<void> | null = null;
  return {
    threads: size,
    async read(input) {
      if (closing) throw new RenderPoolClosed();
      return piscina.run(input);
    },
    close() {
      closing ??= piscina.close({ force: true });
      return closing;
    },
  };
}

/** The job that reads an offline batch's sheet and photo zip into drafts, and its dead letter (9 失败). */
export const READ_QUEUE = 'offline-certificate-read';
export const READ_GAVE_UP_QUEUE = 'offline-certificate-read-gave-up';

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'offline-certificate-read': { batchId: string };
    'offline-certificate-read-gave-up': { batchId: string };
  }
}

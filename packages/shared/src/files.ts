import { z } from 'zod';

/** `data` of `POST /api/files/upload` (spec §3 "Uploaded file response"). */
export const uploadedFile = z.object({
  file_id: z.string(),
  /** Where the file reads back; takes the Authorization header or the Admin-Token cookie. */
  webPath: z.string(),
  originName: z.string(),
  size: z.number(),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

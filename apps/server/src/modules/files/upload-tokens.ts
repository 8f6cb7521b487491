import { createHash, randomBytes } from 'node:crypto';
import type { UploadPermission } from '@skill-cert/shared/companies';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../plugins/storage.ts';
import { ARCHIVE_UPLOAD_MAX_BYTES } from './file-type.ts';
import { uploadTokens } from './tables.ts';

/** How long a signed upload URL stays usable. */
export const UPLOAD_TOKEN_TTL_SECONDS = 300;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The name a direct upload waits under in the store: the company's folder and the token's hash. */
export const directUploadName = (companyId: string | null, userId: string, token: string) =>
  `${companyId ?? `user-${userId}`}/${hashOf(token)}`;

/**
 * Issues a signed, single-use upload URL for the user's (company's) files: on this server, or, when the store takes
 * uploads itself (object storage), its presigned POST for one object under the company's folder, registered after.
 */
export async function issueUploadToken(
  db: DbOrTx,
  userId: string,
  companyId: string | null,
  now = new Date(),
  storage?: Storage,
): Promise<UploadPermission> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + UPLOAD_TOKEN_TTL_SECONDS * 1000);
  // Spent and expired permissions are worth nothing: sweep them while issuing.
  await db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, now));
  await db.insert(uploadTokens).values({ tokenHash: hashOf(token), userId, companyId, expiresAt });
  if (storage?.directUpload) {
    const form = await storage.directUpload.form(
      directUploadName(companyId, userId, token),
      ARCHIVE_UPLOAD_MAX_BYTES,
      UPLOAD_TOKEN_TTL_SECONDS,
    );
    return {
      upload_url: form.url,
      method: 'POST',
      field: 'file',
      expire_seconds: UPLOAD_TOKEN_TTL_SECONDS,
      expires_at: expiresAt.toISOString(),
      fields: form.fields,
      register_url: `/api/files/upload/direct/${token}`,
      max_bytes: ARCHIVE_UPLOAD_MAX_BYTES,
    };
  }
  return {
    upload_url: `/api/files/upload/signed/${token}`,
    method: 'POST',
    field: 'file',
    expire_seconds: UPLOAD_TOKEN_TTL_SECONDS,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * Spends a token: the one caller that marks it used gets its user id; a used, expired or unknown token
 * gets null. One UPDATE, so two uploads racing for the same token cannot both win.
 */
export async function spendUploadToken(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<{ userId: string; companyId: string | null } | null> {
  const [row] = await db
    .update(uploadTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(uploadTokens.tokenHash, hashOf(token)),
        isNull(uploadTokens.usedAt),
        gt(uploadTokens.expiresAt, now),
      ),
    )
    .returning({ userId: uploadTokens.userId, companyId: uploadTokens.companyId });
  return row ?? null;
}

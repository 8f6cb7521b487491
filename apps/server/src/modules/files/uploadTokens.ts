import { createHash, randomBytes } from 'node:crypto';
import type { UploadPermission } from '@skill-cert/shared/company';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploadTokens } from './tables.ts';

/** How long a signed upload URL stays usable. */
export const UPLOAD_TOKEN_TTL_SECONDS = 300;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a signed, single-use upload URL for the user's (company's) files. */
export async function issueUploadToken(
  db: DbOrTx,
  userId: string,
  companyId: string | null,
  now = new Date(),
): Promise<UploadPermission> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + UPLOAD_TOKEN_TTL_SECONDS * 1000);
  // Spent and expired permissions are worth nothing: sweep them while issuing.
  await db.delete(uploadTokens).where(lt(uploadTokens.expiresAt, now));
  await db.insert(uploadTokens).values({ tokenHash: hashOf(token), userId, companyId, expiresAt });
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
export async function spendUploadToken(db: DbOrTx, token: string, now = new Date()): Promise<string | null> {
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
    .returning({ userId: uploadTokens.userId });
  return row?.userId ?? null;
}

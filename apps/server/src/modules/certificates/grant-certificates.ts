import { CertificateSource, type CertificateStatusValue } from '@skill-cert/shared/certificates';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inList, notInList } from '../../db/in-list.ts';
import { certificates } from './tables.ts';

/**
 * What the grant module reads of a grant's certificates (source 1, source_id = the grant): the paper analysis
 * (certificate-grants/paper-*.ts) matches scans to them, counts and lists those not found on paper.
 */

const ofGrant = (grantId: string) =>
  and(eq(certificates.source, CertificateSource.GRANT), eq(certificates.sourceId, grantId));

/** Which of `ids` are certificates of the grant. */
export async function grantCertificatesAmong(
  db: DbOrTx,
  grantId: string,
  ids: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(ofGrant(grantId), inList(certificates.id, ids)));
  for (const r of rows) found.add(r.id);
  return found;
}

/** How many certificates of the grant are in one of `statuses`, leaving out those of `except`. */
export async function countGrantCertificates(
  db: DbOrTx,
  grantId: string,
  statuses: CertificateStatusValue[],
  except: string[] = [],
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certificates)
    .where(
      and(
        ofGrant(grantId),
        inArray(certificates.status, statuses),
        except.length ? notInList(certificates.id, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A page of the grant's certificates in one of `statuses`, leaving out those of `except`, in number order (the grant's
 * row order); keyword: the holder's name (its start), the full ID number or certificate number.
 */
export async function grantCertificatesPage(
  db: DbOrTx,
  grantId: string,
  statuses: CertificateStatusValue[],
  except: string[],
  q: { keyword?: string; page: number; per_page: number },
): Promise<{
  rows: { id: string; certificateNo: string | null; holderName: string; idNumber: string }[];
  total: number;
}> {
  const keyword = q.keyword?.trim();
  const where = and(
    ofGrant(grantId),
    inArray(certificates.status, statuses),
    except.length ? notInList(certificates.id, except) : undefined,
    keyword
      ? or(
          ilike(certificates.holderName, `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          eq(certificates.idNumber, keyword.toUpperCase()),
          eq(certificates.certificateNo, keyword),
        )
      : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates).where(where);
  const rows = await db
    .select({
      id: certificates.id,
      certificateNo: certificates.certificateNo,
      holderName: certificates.holderName,
      idNumber: certificates.idNumber,
    })
    .from(certificates)
    .where(where)
    .orderBy(asc(certificates.rowNumber), asc(certificates.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return { rows, total: count?.n ?? 0 };
}

/** The number and holder of each certificate of `ids` (of any source): what a list of scans shows beside a match. */
export async function certificateLabels(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { certificateNo: string | null; holderName: string }>> {
  const labels = new Map<string, { certificateNo: string | null; holderName: string }>();
  if (ids.length === 0) return labels;
  const rows = await db
    .select({
      id: certificates.id,
      certificateNo: certificates.certificateNo,
      holderName: certificates.holderName,
    })
    .from(certificates)
    .where(inList(certificates.id, ids));
  for (const { id, ...label } of rows) labels.set(id, label);
  return labels;
}

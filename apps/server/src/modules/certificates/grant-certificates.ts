import { CertificateSource, type CertificateStatusValue } from '@skill-cert/shared/certificate';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { certificates } from './tables.ts';

/**
 * What the grant module reads of a grant's certificates (source 1, source_id = the grant): the paper analysis
 * (certificate-grants/paper-*.ts) matches scans to them and counts those not found on paper.
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
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(ofGrant(grantId), inArray(certificates.id, ids.slice(i, i + 1000))));
    for (const r of rows) found.add(r.id);
  }
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
        except.length
          ? sql`${certificates.id} <> all(select value::uuid from jsonb_array_elements_text(${JSON.stringify(except)}::jsonb))`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The number and holder of each certificate of `ids` (of any source): what a list of scans shows beside a match. */
export async function certificateLabels(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { certificateNo: string | null; holderName: string }>> {
  const labels = new Map<string, { certificateNo: string | null; holderName: string }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({
        id: certificates.id,
        certificateNo: certificates.certificateNo,
        holderName: certificates.holderName,
      })
      .from(certificates)
      .where(inArray(certificates.id, ids.slice(i, i + 1000)));
    for (const { id, ...label } of rows) labels.set(id, label);
  }
  return labels;
}

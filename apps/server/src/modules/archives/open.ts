import { ArchiveAction, type ArchiveKindValue } from '@skill-cert/shared/archives';
import type { DbOrTx } from '../../db/client.ts';
import { stepRows } from '../../lib/timeline.ts';
import { archiveLogs, archives } from './tables.ts';

/** What an archive copies of its source when it opens (the list shows and filters these). */
export interface ArchiveOpening {
  companyId: string;
  sourceId: string;
  /** The plan number (or the batch's number). */
  number: string | null;
  name: string;
  occupationName: string | null;
  workType: string | null;
  level: number | null;
  startDate: string | null;
  endDate: string | null;
}

/**
 * Opens the archive of a source inside the caller's transaction (a plan's approval, an offline batch's creation),
 * with the step `open` 建档 on its timeline; a source that has one already keeps it. Answers the archive's id.
 */
export async function openArchive(
  tx: DbOrTx,
  kind: ArchiveKindValue,
  source: ArchiveOpening,
  user: { id: string | null; name: string },
): Promise<string | null> {
  const [row] = await tx
    .insert(archives)
    .values({ kind, ...source })
    .onConflictDoNothing({ target: [archives.kind, archives.sourceId] })
    .returning({ id: archives.id });
  if (!row) return null;
  await tx
    .insert(archiveLogs)
    .values(stepRows(user, [{ action: ArchiveAction.OPEN }]).map((s) => ({ archiveId: row.id, ...s })));
  return row.id;
}

import type { PlanLogistics } from '@skill-cert/shared/level-evaluations';
import { formatDateTime } from '@skill-cert/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { sessionList, ticketJobOf } from './exam-logistics.ts';
import { examineeCounts } from './examinees.ts';
import type { PlanRow } from './plans.ts';

/** A plan's logistics as its detail shows them (a test plan's and an enterprise plan's alike), and their warnings. */
export async function planLogisticsOf(
  db: DbOrTx,
  p: PlanRow,
): Promise<{ summary: PlanLogistics; warnings: string[] }> {
  const counts = await examineeCounts(db, p.id);
  const { sessions, warnings } = await sessionList(db, p);
  const rooms = sessions.flatMap((s) => s.rooms);
  return {
    summary: {
      examinee_counts: counts,
      session_count: sessions.length,
      room_count: rooms.length,
      seat_total: rooms.reduce((sum, r) => sum + r.seats, 0),
      seating_mode: p.seatingMode === 1 || p.seatingMode === 2 ? p.seatingMode : null,
      seated_time_str: p.seatedAt ? formatDateTime(p.seatedAt) : null,
      tickets: ticketJobOf(p),
    },
    warnings,
  };
}

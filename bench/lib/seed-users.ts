import { randomBytes } from 'node:crypto';
import { RoleType } from '@skill-cert/shared/roles';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { uuidv7 } from '../../apps/server/src/lib/id.ts';
import { signJwt } from '../../apps/server/src/lib/jwt.ts';
import { sessions } from '../../apps/server/src/modules/auth/tables.ts';
import { ensureRoleTypes } from '../../apps/server/src/modules/users/service.ts';
import { userRoleTypes, users } from '../../apps/server/src/modules/users/tables.ts';

export interface BenchUser {
  id: string;
  token: string;
}

/**
 * Writes `count` examiner accounts with live sessions straight into the database (PostgreSQL at
 * `databaseUrl`, else the embedded one of `dataDir`, before the server starts on it) and signs their tokens with `secret`: logging 19,000 users in through
 * the API would spend minutes on password hashing.
 */
export async function seedBenchUsers(
  dataDir: string,
  count: number,
  secret: string,
  databaseUrl: string | null = null,
): Promise<BenchUser[]> {
  const database = await openDatabase({ url: databaseUrl, pgliteDir: `${dataDir}/pglite` });
  const out: BenchUser[] = [];
  try {
    await ensureRoleTypes(database.db);
    const tag = randomBytes(3).toString('hex');
    for (let start = 0; start < count; start += 1000) {
      const chunk = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
        const n = start + i;
        return {
          id: uuidv7(),
          name: `bench_${tag}_${n}`,
          phone: `19${String(n).padStart(9, '0')}`,
          activeRoleTypeId: RoleType.EXAMINER,
        };
      });
      await database.db.insert(users).values(chunk);
      await database.db
        .insert(userRoleTypes)
        .values(chunk.map((u) => ({ userId: u.id, roleTypeId: RoleType.EXAMINER })));
      const sessionRows = chunk.map((u) => ({
        id: uuidv7(),
        userId: u.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      }));
      await database.db.insert(sessions).values(sessionRows);
      for (const s of sessionRows)
        out.push({ id: s.userId, token: signJwt({ sub: s.userId, sid: s.id }, secret, 86_400) });
    }
  } finally {
    await database.close();
  }
  return out;
}

import { inArray } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { demoAccounts, demoCompanies, seedDemoData } from '../db/seed.ts';
import { seedInstitutionStaffDemo } from '../modules/companies/institution-demo.ts';
import { companies } from '../modules/companies/tables.ts';
import { seedEvaluationDemo } from '../modules/level-evaluations/demo.ts';
import { DEMO_EXAMINERS, seedExaminerDemo } from '../modules/level-evaluations/examiner-demo.ts';
import { seedInstitutionDemo } from '../modules/level-evaluations/institution-demo.ts';
import { users } from '../modules/users/tables.ts';

// `npm run demo:reset`: removes the demo accounts and companies (and what hangs off them), then seeds them anew.
const config = loadConfig();
const unlock = config.dataDir && !config.databaseUrl ? lockDataDir(config.dataDir) : () => {};
const database = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: config.dataDir ? `${config.dataDir}/pglite` : null,
});
try {
  await database.db.delete(users).where(
    inArray(
      users.name,
      [...demoAccounts, ...DEMO_EXAMINERS].map((a) => a.name),
    ),
  );
  await database.db.delete(companies).where(
    inArray(
      companies.creditCode,
      demoCompanies.map((c) => c.creditCode),
    ),
  );
  await seedDemoData(database.db);
  await seedEvaluationDemo(database.db);
  await seedInstitutionDemo(database.db);
  await seedInstitutionStaffDemo(database.db);
  await seedExaminerDemo(database.db);
  console.log(`演示数据已重置：${demoAccounts.map((a) => a.name).join('、')}（密码 Demo@2026）`);
} finally {
  await database.close();
  unlock();
}

import { parseArgs } from 'node:util';
import { restoreBackup } from '../db/restore.ts';

// `npm run restore -- <archive> [--data-dir X] [--database-url Y] [--force]`: into an empty data folder (embedded) or
// an empty PostgreSQL database; docs/deployment.md "备份与恢复 / Backups".
try {
  const { values, positionals } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1)
    throw new Error(
      '用法：npm run restore -- <备份文件> [--data-dir 目录 | --database-url 连接串] [--force]',
    );
  const manifest = await restoreBackup({
    archive: positionals[0],
    dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data',
    databaseUrl: values['database-url'] ?? null,
    environmentDatabaseUrl: process.env.DATABASE_URL || null,
    force: values.force,
  });
  console.log(
    `恢复完成：${manifest.database === 'pglite' ? '嵌入式数据库' : 'PostgreSQL'}（迁移 ${manifest.migration}，${manifest.files} 个文件，备份时间 ${manifest.createdAt}）`,
  );
} catch (err) {
  // Node's own messages for a wrong option are English: the operator is told in Chinese.
  const wrongOption = String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS');
  console.error(
    `恢复失败：${wrongOption ? `无法识别的参数（${(err as Error).message}）` : (err as Error).message}`,
  );
  process.exitCode = 1;
}

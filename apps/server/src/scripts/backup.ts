import { parseArgs } from 'node:util';
import { createBackup } from '../db/backup.ts';

// `npm run backup -- [--out <folder | file.tar>] [--data-dir X] [--database-url Y]`: the server's own settings
// (DATA_DIR, DATABASE_URL, STORAGE) unless given; docs/deployment.md "备份与恢复 / Backups".
try {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'backups' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
    strict: true,
  });
  const storage = process.env.STORAGE === 's3' ? 's3' : 'local';
  const { file, manifest } = await createBackup({
    dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data',
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL || null),
    storage,
    out: values.out,
  });
  const database = manifest.database === 'pglite' ? '嵌入式数据库' : 'PostgreSQL';
  console.log(
    `备份完成：${file}（${database}，迁移 ${manifest.migration}，${manifest.files} 个文件，共 ${manifest.fileBytes} 字节）`,
  );
  if (storage === 's3')
    console.log('文件在对象存储桶中，未包含在备份里：请开启存储桶的版本控制或跨区域复制来保护它们。');
} catch (err) {
  // Node's own messages for a wrong option are English: the operator is told in Chinese.
  const wrongOption = String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS');
  console.error(
    `备份失败：${wrongOption ? `无法识别的参数（${(err as Error).message}）` : (err as Error).message}`,
  );
  process.exitCode = 1;
}

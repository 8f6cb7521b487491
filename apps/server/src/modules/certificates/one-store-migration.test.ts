import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = new URL('../../../drizzle/', import.meta.url);
const migrations = readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const statements = (file: string) =>
  readFileSync(new URL(file, folder), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

const blanks = (name: string, extra: Record<string, string> = {}) =>
  JSON.stringify(
    Object.entries({ name, id_card: '110101199003071234', ...extra }).map(([n, val]) => ({ name: n, val })),
  );

describe('custom certificates move into the one certificate store (migration 0022)', () => {
  const db = new PGlite();
  const company = '0190a0b0-0000-7000-8000-0000000000c1';
  const batch = '0190a0b0-0000-7000-8000-0000000000b1';
  const [generated, failed, waiting] = [1, 2, 3].map((i) => `0190a0b0-0000-7000-8000-00000000000${i}`);
  const pdf = '0190a0b0-0000-7000-8000-0000000000f1';

  beforeAll(async () => {
    const store = migrations.findIndex((f) => f.startsWith('0022_'));
    for (const file of migrations.slice(0, store)) for (const s of statements(file)) await db.exec(s);
    await db.exec(`
      insert into custom_certificate_templates (id, company_id, template_name, background_file_id,
        render_background_file_id, background_width_px, background_height_px, page_size, orientation, blanks, qr)
      values ('0190a0b0-0000-7000-8000-0000000000a1', '${company}', '模板', '${pdf}', '${pdf}', 100, 100, 'A4',
        'landscape', '[]', '{}');
      insert into custom_certificate_batches (id, company_id, template_id, template, name, file_id, status, total,
        success_count, failed_count, created_by)
      values ('${batch}', '${company}', '0190a0b0-0000-7000-8000-0000000000a1', '{}', '批次', '${pdf}', 2, 3, 1, 1,
        '0190a0b0-0000-7000-8000-0000000000e1');
      insert into custom_certificates (id, batch_id, company_id, row_number, row_key, blanks, search_text, status,
        fail_reason, file_id, generated_at)
      values
        ('${generated}', '${batch}', '${company}', 2, '1',
          '${blanks('张三', { certificate_no: 'QA-2026-0001', level: '四级/中级工', issue_date: '2026年3月1日', organization: '示例机构' })}',
          '张三', 1, null, '${pdf}', now()),
        ('${failed}', '${batch}', '${company}', 3, '2', '${blanks('李四')}', '李四', 2, '缺少照片', null, null),
        ('${waiting}', '${batch}', '${company}', 4, '3', '${blanks('王五', { issue_date: '2026-02-30' })}', '王五', 0,
          null, null, null);`);
    // The generated one entered the library when it was rendered (as migration 0018 and the renderer did).
    await db.exec(`
      insert into certificates (id, company_id, source, source_id, holder_name, id_number, issue_date, values,
        produce_status, file_id, generated_at, status, confirmed_at)
      values ('${generated}', '${company}', 3, '${batch}', '张三', '110101199003071234', '2026-11-01', '[]', 1, '${pdf}',
        now(), 1, now());`);
    for (const s of statements(migrations[store])) await db.exec(s);
  });
  afterAll(() => db.close());

  it('keeps every custom certificate: the generated one issued with what it prints, the others drafts', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select id, source, source_id, row_number, row_key, certificate_no, holder_name, level, institution_name,
        to_char(issue_date, 'YYYY-MM-DD') as issue_date, produce_status, fail_reason, status, search_text
      from certificates order by row_number`,
    );
    expect(rows).toEqual([
      {
        id: generated,
        source: 3,
        source_id: batch,
        row_number: 2,
        row_key: '1',
        certificate_no: 'QA-2026-0001',
        holder_name: '张三',
        level: 4,
        institution_name: '示例机构',
        issue_date: '2026-03-01',
        produce_status: 1,
        fail_reason: null,
        status: 1,
        search_text: '张三',
      },
      {
        id: failed,
        source: 3,
        source_id: batch,
        row_number: 3,
        row_key: '2',
        certificate_no: null,
        holder_name: '李四',
        level: null,
        institution_name: null,
        issue_date: null,
        produce_status: 2,
        fail_reason: '缺少照片',
        status: 0,
        search_text: '李四',
      },
      {
        id: waiting,
        source: 3,
        source_id: batch,
        row_number: 4,
        row_key: '3',
        certificate_no: null,
        holder_name: '王五',
        level: null,
        institution_name: null,
        issue_date: null,
        produce_status: 0,
        fail_reason: null,
        status: 0,
        search_text: '王五',
      },
    ]);
    const { rows: tables } = await db.query(
      `select 1 from information_schema.tables where table_name = 'custom_certificates'`,
    );
    expect(tables).toEqual([]);
  });

  it('national numbers stay unique; printed custom numbers may repeat', async () => {
    const insert = (id: string, source: number, no: string) =>
      db.exec(`insert into certificates (id, company_id, source, source_id, holder_name, certificate_no)
        values ('${id}', '${company}', ${source}, '${batch}', 'x', '${no}')`);
    await insert('0190a0b0-0000-7000-8000-0000000000d1', 3, 'QA-2026-0001');
    await insert('0190a0b0-0000-7000-8000-0000000000d2', 1, 'Y000011000001225000001');
    await expect(insert('0190a0b0-0000-7000-8000-0000000000d3', 2, 'Y000011000001225000001')).rejects.toThrow(
      /certificates_national_no_idx/,
    );
  });
});

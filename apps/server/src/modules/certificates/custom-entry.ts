import { CertificateSource, CertificateStatus } from '@skill-cert/shared/certificate';
import { ProduceStatus } from '@skill-cert/shared/customCertificate';
import { type SQL, sql } from 'drizzle-orm';
import { ID_CARD_BLANK, NAME_BLANK } from '../certificate-engine/defaults.ts';
import { certificates } from './tables.ts';

/**
 * Generated custom certificates entering the certificate library (`certificates`, source 3 自定义证书) under their
 * own id, valid at once: the holder's name and ID number from the blanks `name` and `id_card` when the template
 * has them, 职业名称 and 工种 from `occupation` and `work_type`, the PDF mirrored, the generation day (Shanghai) as
 * the issue date (the 发证日期 blank is free text, printed as typed). `rows` selects id, company_id, batch_id,
 * blanks, generated_at and file_id. Called by custom-certificates/batch-rendering.ts inside the statement that records
 * render outcomes; migration 0018 does the same for certificates generated before the library existed.
 */
export function enterLibrary(rows: SQL): SQL {
  const blank = (name: string) =>
    sql.raw(`(select e->>'val' from jsonb_array_elements(r.blanks) e where e->>'name' = '${name}' limit 1)`);
  return sql`
    insert into ${certificates} (id, company_id, source, source_id, holder_name, id_number, occupation_name,
      work_type, issue_date, values, produce_status, file_id, generated_at, status, confirmed_at)
    select r.id, r.company_id, ${CertificateSource.CUSTOM}::smallint, r.batch_id,
      coalesce(${blank(NAME_BLANK)}, ''), coalesce(${blank(ID_CARD_BLANK)}, ''),
      nullif(${blank('occupation')}, ''), nullif(${blank('work_type')}, ''),
      (r.generated_at at time zone 'Asia/Shanghai')::date, r.blanks, ${ProduceStatus.DONE}::smallint, r.file_id,
      r.generated_at, ${CertificateStatus.VALID}::smallint, r.generated_at
    from (${rows}) r
    on conflict (id) do nothing`;
}

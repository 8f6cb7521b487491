-- Custom certificates generated before the certificate library existed enter it: source 3, their own id,
-- valid at once, holder name / ID number / occupation / work type from their blanks, the generation day (Shanghai)
-- as the issue date, the PDF mirrored. New ones enter it when generated (custom-certificates/batch-rendering.ts
-- enterLibrary, the same columns).
insert into "certificates" (id, company_id, source, source_id, holder_name, id_number, occupation_name, work_type,
  issue_date, "values", produce_status, file_id, generated_at, status, confirmed_at)
select c.id, c.company_id, 3, c.batch_id,
  coalesce((select e->>'val' from jsonb_array_elements(c.blanks) e where e->>'name' = 'name' limit 1), ''),
  coalesce((select e->>'val' from jsonb_array_elements(c.blanks) e where e->>'name' = 'id_card' limit 1), ''),
  nullif((select e->>'val' from jsonb_array_elements(c.blanks) e where e->>'name' = 'occupation' limit 1), ''),
  nullif((select e->>'val' from jsonb_array_elements(c.blanks) e where e->>'name' = 'work_type' limit 1), ''),
  (coalesce(c.generated_at, c.updated_at) at time zone 'Asia/Shanghai')::date, c.blanks, 1, c.file_id,
  c.generated_at, 1, coalesce(c.generated_at, c.updated_at)
from "custom_certificates" c
join "custom_certificate_batches" b on b.id = c.batch_id and b.status >= 0
where c.status = 1 and c.file_id is not null
on conflict (id) do nothing;

-- Custom certificates join the one certificate store (`certificates`, source 3, source_id = the batch): the rows
-- already in the library (generated ones, under their own id) get their sheet row, 序号, search text and the fields
-- they print; those still waiting or failed enter as drafts (status 0, not listed, not public) that become valid when
-- generated. Then `custom_certificates` goes. The printed fields are read as certificates/printed-fields.ts reads
-- them (dates in Chinese numerals excepted: those keep the generation day).
ALTER TABLE "certificates" ADD COLUMN "row_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_certificate_no_unique";--> statement-breakpoint
CREATE TEMP TABLE "custom_moving" AS
SELECT c.*, p.*
FROM "custom_certificates" c
CROSS JOIN LATERAL (
  SELECT
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'name')), '') AS p_name,
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'id_card')), '') AS p_id_card,
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'certificate_no')), '') AS p_no,
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'occupation')), '') AS p_occupation,
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'work_type')), '') AS p_work_type,
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'level')), '') AS p_level,
    nullif(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'organization')), '') AS p_organization,
    regexp_match(trim(max(e->>'val') FILTER (WHERE e->>'name' = 'issue_date')),
      '^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$') AS p_date
  FROM jsonb_array_elements(c.blanks) e
) p;--> statement-breakpoint
ALTER TABLE "custom_moving" ADD COLUMN "p_level_code" smallint, ADD COLUMN "p_issue_date" date;--> statement-breakpoint
UPDATE "custom_moving" SET "p_level_code" = CASE
    WHEN p_level ~ '高级技师|一级|1级' AND p_level !~ '二级|三级|四级|五级|中级工|初级工' THEN 1
    WHEN p_level ~ '技师|二级|2级' AND p_level !~ '一级|三级|四级|五级|高级技师|高级工|中级工|初级工' THEN 2
    WHEN p_level ~ '高级工|三级|3级' AND p_level !~ '一级|二级|四级|五级|技师|中级工|初级工' THEN 3
    WHEN p_level ~ '中级工|四级|4级' AND p_level !~ '一级|二级|三级|五级|技师|高级工|初级工' THEN 4
    WHEN p_level ~ '初级工|五级|5级' AND p_level !~ '一级|二级|三级|四级|技师|高级工|中级工' THEN 5
  END;--> statement-breakpoint
UPDATE "custom_moving" SET "p_issue_date" = make_date(p_date[1]::int, p_date[2]::int, p_date[3]::int)
WHERE p_date IS NOT NULL AND p_date[1]::int BETWEEN 1900 AND 2100 AND p_date[2]::int BETWEEN 1 AND 12
  AND p_date[3]::int BETWEEN 1 AND extract(day FROM make_date(p_date[1]::int, p_date[2]::int, 1) + interval '1 month - 1 day');--> statement-breakpoint
UPDATE "certificates" AS l
SET row_number = m.row_number, row_key = m.row_key, search_text = m.search_text, certificate_no = m.p_no,
  level = m.p_level_code, institution_name = m.p_organization, issue_date = coalesce(m.p_issue_date, l.issue_date)
FROM "custom_moving" m
WHERE l.id = m.id AND l.source = 3;--> statement-breakpoint
INSERT INTO "certificates" (id, company_id, source, source_id, row_number, row_key, certificate_no, holder_name,
  id_number, occupation_name, work_type, level, institution_name, issue_date, "values", search_text, produce_status,
  fail_reason, file_id, generated_at, status, created_at, updated_at)
SELECT m.id, m.company_id, 3, m.batch_id, m.row_number, m.row_key, m.p_no, coalesce(m.p_name, ''),
  coalesce(m.p_id_card, ''), m.p_occupation, m.p_work_type, m.p_level_code, m.p_organization, m.p_issue_date, m.blanks,
  m.search_text, m.status, m.fail_reason, m.file_id, m.generated_at,
  CASE WHEN m.status = 1 AND m.file_id IS NOT NULL THEN 1 ELSE 0 END, m.created_at, m.updated_at
FROM "custom_moving" m
WHERE NOT EXISTS (SELECT 1 FROM "certificates" l WHERE l.id = m.id);--> statement-breakpoint
DROP TABLE "custom_moving";--> statement-breakpoint
ALTER TABLE "custom_certificates" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "custom_certificates" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_national_no_idx" ON "certificates" USING btree ("certificate_no") WHERE "certificates"."source" <> 3;--> statement-breakpoint
CREATE INDEX "certificates_no_idx" ON "certificates" USING btree ("certificate_no");

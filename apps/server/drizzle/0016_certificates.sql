CREATE TABLE "certificate_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"template" jsonb NOT NULL,
	"issue_date" date NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	CONSTRAINT "certificate_grants_evaluation_id_unique" UNIQUE("evaluation_id")
);
--> statement-breakpoint
CREATE TABLE "paper_scan_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"upload_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"source_name" text NOT NULL,
	"outcome" smallint NOT NULL,
	"certificate_id" uuid,
	"decoded" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_scan_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"grant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"file_ids" uuid[] NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "certificate_number_counters" (
	"prefix" text NOT NULL,
	"year" smallint NOT NULL,
	"level" smallint NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_number_counters_prefix_year_level_pk" PRIMARY KEY("prefix","year","level")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"source" smallint NOT NULL,
	"source_id" uuid NOT NULL,
	"evaluation_id" uuid,
	"candidate_id" uuid,
	"certificate_no" text,
	"holder_name" text NOT NULL,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"occupation_code" text,
	"occupation_name" text,
	"work_type" text,
	"level" smallint,
	"institution_name" text,
	"issue_date" date,
	"photo_file_id" uuid,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"produce_status" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"file_id" uuid,
	"generated_at" timestamp with time zone,
	"status" smallint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"revoked_by" uuid,
	"revoked_by_name" text,
	"replaces_id" uuid,
	"replaced_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_certificate_no_unique" UNIQUE("certificate_no")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "institution_code" text;--> statement-breakpoint
ALTER TABLE "record_application_sites" ADD COLUMN "site_code" text;--> statement-breakpoint
ALTER TABLE "paper_scan_items" ADD CONSTRAINT "paper_scan_items_upload_id_paper_scan_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."paper_scan_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_scan_uploads" ADD CONSTRAINT "paper_scan_uploads_grant_id_certificate_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."certificate_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_grants_company_idx" ON "certificate_grants" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "paper_scan_items_grant_idx" ON "paper_scan_items" USING btree ("grant_id","outcome");--> statement-breakpoint
CREATE INDEX "paper_scan_uploads_grant_idx" ON "paper_scan_uploads" USING btree ("grant_id","created_at");--> statement-breakpoint
CREATE INDEX "certificates_source_idx" ON "certificates" USING btree ("source_id","produce_status");--> statement-breakpoint
CREATE INDEX "certificates_company_issue_idx" ON "certificates" USING btree ("company_id","status","issue_date");--> statement-breakpoint
CREATE INDEX "certificates_company_id_number_idx" ON "certificates" USING btree ("company_id","id_number");--> statement-breakpoint
CREATE INDEX "certificates_company_name_idx" ON "certificates" USING btree ("company_id","holder_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "certificates_company_occupation_idx" ON "certificates" USING btree ("company_id","occupation_code","level","issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_candidate_idx" ON "certificates" USING btree ("candidate_id") WHERE "certificates"."candidate_id" is not null and "certificates"."status" in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "record_sites_code_idx" ON "record_application_sites" USING btree ("application_id","site_code");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_institution_code_unique" UNIQUE("institution_code");--> statement-breakpoint
-- Companies with an approved record application get a 4-digit institution code (in the order they were approved),
-- and every site of an approved application a 6-digit site code, numbered per company.
WITH approved AS (
	SELECT c.id, min(r.decided_at) AS first_approved
	FROM "companies" c JOIN "record_applications" r ON r.company_id = c.id AND r.status = 2
	WHERE c.institution_code IS NULL
	GROUP BY c.id
), numbered AS (
	SELECT id, row_number() OVER (ORDER BY first_approved, id) AS n FROM approved
)
UPDATE "companies" c SET institution_code = lpad(n::text, 4, '0') FROM numbered WHERE numbered.id = c.id;
--> statement-breakpoint
WITH numbered AS (
	SELECT s.id, row_number() OVER (PARTITION BY r.company_id ORDER BY r.decided_at, r.id, s.sort, s.id) AS n
	FROM "record_application_sites" s JOIN "record_applications" r ON r.id = s.application_id
	WHERE r.status = 2 AND s.site_code IS NULL
)
UPDATE "record_application_sites" s SET site_code = lpad(n::text, 6, '0') FROM numbered WHERE numbered.id = s.id;

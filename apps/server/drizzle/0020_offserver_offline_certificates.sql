CREATE TABLE "offline_certificate_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"occupation_code" text NOT NULL,
	"occupation_name" text NOT NULL,
	"work_type" text,
	"level" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"site_id" uuid NOT NULL,
	"site_name" text NOT NULL,
	"template_id" text NOT NULL,
	"template" jsonb NOT NULL,
	"issue_date" date NOT NULL,
	"file_id" uuid NOT NULL,
	"photo_zip_file_id" uuid,
	"status" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"error_file_id" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"rendered_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"published_by_name" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offline_certificate_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"name" text NOT NULL,
	"id_type_text" text,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_number" text NOT NULL,
	"results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_file_id" uuid,
	"photo_problem" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicate_holder" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_certificate_drafts" ADD CONSTRAINT "offline_certificate_drafts_batch_id_offline_certificate_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."offline_certificate_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_certificate_batches_company_idx" ON "offline_certificate_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "offline_certificate_drafts_batch_idx" ON "offline_certificate_drafts" USING btree ("batch_id","row_number");--> statement-breakpoint
CREATE INDEX "offline_certificate_drafts_id_number_idx" ON "offline_certificate_drafts" USING btree ("batch_id","id_number");
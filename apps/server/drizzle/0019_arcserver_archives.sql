CREATE TABLE "archive_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"archive_id" uuid NOT NULL,
	"volume" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"archive_id" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archives" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"source_id" uuid NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"occupation_name" text,
	"work_type" text,
	"level" smallint,
	"start_date" date,
	"end_date" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"paper_years" integer DEFAULT 3 NOT NULL,
	"electronic_years" integer DEFAULT 5 NOT NULL,
	"sealed_at" timestamp with time zone,
	"sealed_by" uuid,
	"sealed_by_name" text,
	"paper_until" date,
	"electronic_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_items" ADD CONSTRAINT "archive_items_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_logs" ADD CONSTRAINT "archive_logs_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archives" ADD CONSTRAINT "archives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_items_archive_idx" ON "archive_items" USING btree ("archive_id","volume","created_at");--> statement-breakpoint
CREATE INDEX "archive_logs_archive_idx" ON "archive_logs" USING btree ("archive_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "archives_source_idx" ON "archives" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "archives_company_idx" ON "archives" USING btree ("company_id","status","created_at");--> statement-breakpoint
-- Every plan already approved (进行中 … 已归档) gets its archive, as approval opens one from now on.
INSERT INTO "archives" ("id", "company_id", "kind", "source_id", "number", "name", "occupation_name", "work_type", "level", "start_date", "end_date", "created_at", "updated_at")
SELECT uuid_generate_v7_compat(), "company_id", 1, "id", "plan_no", "name", "occupation_name", "work_type", "level", "start_date", "end_date", now(), now()
FROM "level_evaluations" WHERE "status" IN (2, 3, 4, 5, 6, 7);

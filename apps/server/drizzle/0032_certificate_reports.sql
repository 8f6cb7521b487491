CREATE TABLE "certificate_report_items" (
	"report_id" uuid NOT NULL,
	"certificate_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint NOT NULL,
	CONSTRAINT "certificate_report_items_report_id_certificate_id_pk" PRIMARY KEY("report_id","certificate_id")
);
--> statement-breakpoint
CREATE TABLE "certificate_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"reissued_count" integer DEFAULT 0 NOT NULL,
	"revoked_count" integer DEFAULT 0 NOT NULL,
	"replaced_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "reported_status" smallint;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "certificate_report_items" ADD CONSTRAINT "certificate_report_items_report_id_certificate_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."certificate_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_reports_time_idx" ON "certificate_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificates_unreported_idx" ON "certificates" USING btree ("issue_date") WHERE "certificates"."status" <> 0 and "certificates"."source" <> 3 and "certificates"."reported_status" is distinct from "certificates"."status";
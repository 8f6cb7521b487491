CREATE TABLE "record_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"record_no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"evaluation_basis" smallint,
	"basis_file_id" uuid,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"remark" text,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_applications_record_no_unique" UNIQUE("record_no")
);
--> statement-breakpoint
CREATE TABLE "record_application_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_application_personnel" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"phone" text NOT NULL,
	"qualification" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_application_scopes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"occupation_code" text NOT NULL,
	"occupation_name" text NOT NULL,
	"work_type" text,
	"levels" smallint[] NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_application_sites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"address" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_applications" ADD CONSTRAINT "record_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_application_logs" ADD CONSTRAINT "record_application_logs_application_id_record_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."record_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_application_personnel" ADD CONSTRAINT "record_application_personnel_application_id_record_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."record_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_application_scopes" ADD CONSTRAINT "record_application_scopes_application_id_record_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."record_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_application_sites" ADD CONSTRAINT "record_application_sites_application_id_record_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."record_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_applications_company_idx" ON "record_applications" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "record_logs_application_idx" ON "record_application_logs" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "record_personnel_application_idx" ON "record_application_personnel" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "record_scopes_application_idx" ON "record_application_scopes" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "record_scopes_occupation_idx" ON "record_application_scopes" USING btree ("occupation_code");--> statement-breakpoint
CREATE INDEX "record_sites_application_idx" ON "record_application_sites" USING btree ("application_id");
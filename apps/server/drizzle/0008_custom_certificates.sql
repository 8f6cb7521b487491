CREATE TABLE "custom_certificate_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template" jsonb NOT NULL,
	"name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"photo_zip_file_id" uuid,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "custom_certificate_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"background_file_id" uuid NOT NULL,
	"render_background_file_id" uuid NOT NULL,
	"background_width_px" integer NOT NULL,
	"background_height_px" integer NOT NULL,
	"page_size" text NOT NULL,
	"orientation" text NOT NULL,
	"blanks" jsonb NOT NULL,
	"qr" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"blanks" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"file_id" uuid,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_certificates_batch_row_uq" UNIQUE("batch_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "custom_certificate_batches" ADD CONSTRAINT "custom_certificate_batches_template_id_custom_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."custom_certificate_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_certificates" ADD CONSTRAINT "custom_certificates_batch_id_custom_certificate_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."custom_certificate_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_certificate_batches_company_idx" ON "custom_certificate_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_certificate_templates_company_idx" ON "custom_certificate_templates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_certificates_batch_status_idx" ON "custom_certificates" USING btree ("batch_id","status","row_number");
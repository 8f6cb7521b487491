CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_company_id" uuid,
	"title" text NOT NULL,
	"image_file_id" uuid NOT NULL,
	"link" text,
	"position" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"show_from" timestamp with time zone,
	"show_until" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_shown_idx" ON "banners" USING btree ("owner_company_id","position","status","sort");
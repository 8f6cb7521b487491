CREATE TABLE "verification_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_tickets" ADD CONSTRAINT "verification_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_tickets_user_idx" ON "verification_tickets" USING btree ("user_id");--> statement-breakpoint
-- Licences uploaded on /join before this fix belong to no company: give them (and logos) to their company.
UPDATE "files" SET "company_id" = c."id" FROM "companies" c
  WHERE "files"."id" IN (c."licence_file_id", c."logo_file_id") AND "files"."company_id" IS NULL;

ALTER TABLE "certificates" ADD COLUMN "row_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "reissue_reason" text;--> statement-breakpoint
CREATE INDEX "certificates_source_row_idx" ON "certificates" USING btree ("source_id","row_number");
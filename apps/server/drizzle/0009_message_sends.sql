CREATE TABLE "message_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"category_name" text NOT NULL,
	"content" text NOT NULL,
	"template_key" text,
	"related_id" text,
	"file_id" uuid,
	"extra" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);

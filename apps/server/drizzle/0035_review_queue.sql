CREATE TABLE "review_first_steps" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_first_steps_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"two_step" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

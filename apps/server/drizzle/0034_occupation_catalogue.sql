CREATE TABLE "occupation_seeds" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupation_work_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"occupation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"levels" smallint[] NOT NULL,
	"comprehensive_review" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "occupation_work_types" ADD CONSTRAINT "occupation_work_types_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "occupation_work_types_name_idx" ON "occupation_work_types" USING btree ("occupation_id","name");--> statement-breakpoint
CREATE INDEX "occupations_order_idx" ON "occupations" USING btree ("sort","code");
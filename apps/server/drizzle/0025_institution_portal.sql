CREATE TABLE "access_seeded_menus" (
	"portal" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_seeded_menus_portal_key_pk" PRIMARY KEY("portal","key")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error_file_id" uuid,
	"fail_reason" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_rooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"code" smallint NOT NULL,
	"name" text NOT NULL,
	"room_type" smallint NOT NULL,
	"seats" smallint NOT NULL,
	"address" text NOT NULL,
	"invigilators" text[] DEFAULT '{}' NOT NULL,
	"examiners" text[] DEFAULT '{}' NOT NULL,
	"ticket_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_seats" (
	"candidate_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"seat_no" smallint NOT NULL,
	CONSTRAINT "level_evaluation_seats_candidate_id_session_id_pk" PRIMARY KEY("candidate_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"code" smallint NOT NULL,
	"method" smallint NOT NULL,
	"name" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "level_evaluation_candidates" ADD COLUMN "registration_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluation_candidates" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "level_evaluation_candidates" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "level_evaluation_candidates" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_evaluation_candidates" ADD COLUMN "ticket_no" text;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "owner_kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "registration_start_date" date;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "registration_end_date" date;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "seating_mode" smallint;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "seated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "ticket_year" smallint;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "ticket_plan_serial" smallint;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_run" uuid;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_rooms_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_rooms_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_requested_by_name" text;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD COLUMN "tickets_fail_reason" text;--> statement-breakpoint
ALTER TABLE "record_applications" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluation_imports" ADD CONSTRAINT "level_evaluation_imports_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_rooms" ADD CONSTRAINT "level_evaluation_rooms_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_rooms" ADD CONSTRAINT "level_evaluation_rooms_session_id_level_evaluation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."level_evaluation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_seats" ADD CONSTRAINT "level_evaluation_seats_candidate_id_level_evaluation_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."level_evaluation_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_seats" ADD CONSTRAINT "level_evaluation_seats_session_id_level_evaluation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."level_evaluation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_seats" ADD CONSTRAINT "level_evaluation_seats_room_id_level_evaluation_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."level_evaluation_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_sessions" ADD CONSTRAINT "level_evaluation_sessions_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_evaluation_imports_evaluation_idx" ON "level_evaluation_imports" USING btree ("evaluation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_rooms_code_idx" ON "level_evaluation_rooms" USING btree ("session_id","code");--> statement-breakpoint
CREATE INDEX "level_evaluation_rooms_evaluation_idx" ON "level_evaluation_rooms" USING btree ("evaluation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_seats_room_seat_idx" ON "level_evaluation_seats" USING btree ("room_id","seat_no");--> statement-breakpoint
CREATE INDEX "level_evaluation_seats_evaluation_idx" ON "level_evaluation_seats" USING btree ("evaluation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_sessions_code_idx" ON "level_evaluation_sessions" USING btree ("evaluation_id","code");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_candidates_ticket_no_idx" ON "level_evaluation_candidates" USING btree ("ticket_no");--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluations_ticket_serial_idx" ON "level_evaluations" USING btree ("company_id","ticket_year","ticket_plan_serial");--> statement-breakpoint
-- The filings of institutions already there are of kind 2 (社会培训评价组织).
UPDATE "record_applications" SET "kind" = 2 WHERE "company_id" IN (SELECT "id" FROM "companies" WHERE "type" = 2);

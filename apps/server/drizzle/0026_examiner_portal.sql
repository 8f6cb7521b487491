CREATE TABLE "examiner_qualifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"occupation_code" text NOT NULL,
	"occupation_name" text NOT NULL,
	"level_low" smallint NOT NULL,
	"level_high" smallint NOT NULL,
	"certificate_no" text NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_item_scores" (
	"card_id" uuid NOT NULL,
	"item_no" smallint NOT NULL,
	"score_tenths" integer,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_evaluation_item_scores_card_id_item_no_pk" PRIMARY KEY("card_id","item_no")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_items" (
	"evaluation_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"item_no" smallint NOT NULL,
	"name" text NOT NULL,
	"max_tenths" integer NOT NULL,
	CONSTRAINT "level_evaluation_items_evaluation_id_method_item_no_pk" PRIMARY KEY("evaluation_id","method","item_no")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_marking" (
	"evaluation_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"markers" smallint DEFAULT 1 NOT NULL,
	"tolerance_tenths" integer,
	"rounding" smallint DEFAULT 1 NOT NULL,
	"leader_person_id" uuid,
	"leader_user_id" uuid,
	"leader_name" text,
	CONSTRAINT "level_evaluation_marking_evaluation_id_method_pk" PRIMARY KEY("evaluation_id","method")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_task_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"round" smallint NOT NULL,
	"masked_code" text NOT NULL,
	"return_reason" text,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"room_id" uuid,
	"person_id" uuid NOT NULL,
	"examiner_user_id" uuid NOT NULL,
	"examiner_name" text NOT NULL,
	"examiner_phone" text NOT NULL,
	"deadline" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"return_reason" text,
	"assigned_by" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_evaluation_scores" ADD COLUMN "from_task" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "level_evaluation_scores" ADD COLUMN "marked_by_name" text;--> statement-breakpoint
ALTER TABLE "level_evaluation_scores" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "examiner_qualifications" ADD CONSTRAINT "examiner_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_item_scores" ADD CONSTRAINT "level_evaluation_item_scores_card_id_level_evaluation_task_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."level_evaluation_task_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_items" ADD CONSTRAINT "level_evaluation_items_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_marking" ADD CONSTRAINT "level_evaluation_marking_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_task_cards" ADD CONSTRAINT "level_evaluation_task_cards_task_id_level_evaluation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."level_evaluation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_task_cards" ADD CONSTRAINT "level_evaluation_task_cards_candidate_id_level_evaluation_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."level_evaluation_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_tasks" ADD CONSTRAINT "level_evaluation_tasks_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_tasks" ADD CONSTRAINT "level_evaluation_tasks_room_id_level_evaluation_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."level_evaluation_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_tasks" ADD CONSTRAINT "level_evaluation_tasks_examiner_user_id_users_id_fk" FOREIGN KEY ("examiner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "examiner_qualifications_user_idx" ON "examiner_qualifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_task_cards_round_idx" ON "level_evaluation_task_cards" USING btree ("evaluation_id","method","round","candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_task_cards_code_idx" ON "level_evaluation_task_cards" USING btree ("task_id","masked_code");--> statement-breakpoint
CREATE INDEX "level_evaluation_tasks_examiner_idx" ON "level_evaluation_tasks" USING btree ("examiner_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "level_evaluation_tasks_evaluation_idx" ON "level_evaluation_tasks" USING btree ("evaluation_id","method","round");--> statement-breakpoint
-- The default 考评员 role held every key; it now holds the task keys only, so revealing an examinee's name (a key of
-- its own) is granted on purpose.
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT r."id", m."id" FROM "roles" r JOIN "menus" m ON m."portal" = 4 AND m."key" = 'examiner:task:list'
WHERE r."portal" = 4 AND r."name" = '考评员' AND r."company_id" IS NULL AND r."permission_all" = 1
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "roles" SET "permission_all" = 0 WHERE "portal" = 4 AND "name" = '考评员' AND "company_id" IS NULL;

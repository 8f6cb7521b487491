CREATE TABLE "level_evaluation_candidates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_number" text NOT NULL,
	"gender" smallint,
	"birthday" date,
	"phone" text,
	"education" text,
	"work_unit" text,
	"post" text,
	"work_years" real,
	"qualification" text,
	"candidate_type" smallint DEFAULT 1 NOT NULL,
	"photo_file_id" uuid,
	"result" smallint,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_methods" (
	"evaluation_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"full_mark_tenths" integer NOT NULL,
	"pass_mark_tenths" integer NOT NULL,
	CONSTRAINT "level_evaluation_methods_evaluation_id_method_pk" PRIMARY KEY("evaluation_id","method")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_score_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"before_tenths" integer,
	"before_mark" smallint,
	"after_tenths" integer,
	"after_mark" smallint,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"decided_by" uuid,
	"decided_by_name" text,
	"decide_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_scores" (
	"candidate_id" uuid NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"method" smallint NOT NULL,
	"score_tenths" integer,
	"mark" smallint,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_evaluation_scores_candidate_id_method_pk" PRIMARY KEY("candidate_id","method")
);
--> statement-breakpoint
CREATE TABLE "level_evaluation_staff" (
	"id" uuid PRIMARY KEY NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"qualification" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_evaluations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"record_application_id" uuid,
	"plan_no" text,
	"name" text DEFAULT '' NOT NULL,
	"occupation_code" text,
	"occupation_name" text,
	"work_type" text,
	"level" smallint,
	"start_date" date,
	"end_date" date,
	"site_id" uuid,
	"publicity_days" smallint DEFAULT 7 NOT NULL,
	"publicity_ends_at" timestamp with time zone,
	"remark" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"candidate_count" integer DEFAULT 0 NOT NULL,
	"pass_count" integer DEFAULT 0 NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"results_submitted_by" uuid,
	"results_submitted_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_evaluations_plan_no_unique" UNIQUE("plan_no")
);
--> statement-breakpoint
ALTER TABLE "level_evaluation_candidates" ADD CONSTRAINT "level_evaluation_candidates_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_logs" ADD CONSTRAINT "level_evaluation_logs_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_methods" ADD CONSTRAINT "level_evaluation_methods_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_score_changes" ADD CONSTRAINT "level_evaluation_score_changes_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_score_changes" ADD CONSTRAINT "level_evaluation_score_changes_candidate_id_level_evaluation_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."level_evaluation_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_scores" ADD CONSTRAINT "level_evaluation_scores_candidate_id_level_evaluation_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."level_evaluation_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_scores" ADD CONSTRAINT "level_evaluation_scores_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluation_staff" ADD CONSTRAINT "level_evaluation_staff_evaluation_id_level_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."level_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_evaluations" ADD CONSTRAINT "level_evaluations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_evaluation_candidates_id_number_idx" ON "level_evaluation_candidates" USING btree ("evaluation_id","id_number");--> statement-breakpoint
CREATE INDEX "level_evaluation_candidates_order_idx" ON "level_evaluation_candidates" USING btree ("evaluation_id","sort");--> statement-breakpoint
CREATE INDEX "level_evaluation_logs_evaluation_idx" ON "level_evaluation_logs" USING btree ("evaluation_id","created_at");--> statement-breakpoint
CREATE INDEX "level_evaluation_score_changes_evaluation_idx" ON "level_evaluation_score_changes" USING btree ("evaluation_id","status");--> statement-breakpoint
CREATE INDEX "level_evaluation_scores_evaluation_idx" ON "level_evaluation_scores" USING btree ("evaluation_id","method");--> statement-breakpoint
CREATE INDEX "level_evaluation_staff_evaluation_idx" ON "level_evaluation_staff" USING btree ("evaluation_id","kind");--> statement-breakpoint
CREATE INDEX "level_evaluation_staff_user_idx" ON "level_evaluation_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "level_evaluations_company_idx" ON "level_evaluations" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "level_evaluations_publicity_idx" ON "level_evaluations" USING btree ("status","publicity_ends_at");
ALTER TABLE "level_evaluation_task_cards" ADD COLUMN "filled" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "level_evaluation_task_cards" c SET "filled" = (SELECT count(*) FROM "level_evaluation_item_scores" s WHERE s."card_id" = c."id" AND s."score_tenths" IS NOT NULL);

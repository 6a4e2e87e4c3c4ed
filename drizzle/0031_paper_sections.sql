ALTER TABLE "practice_answers" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD COLUMN "layout" jsonb;--> statement-breakpoint
ALTER TABLE "practice_tests" ADD COLUMN "layout" jsonb;
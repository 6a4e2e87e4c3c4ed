ALTER TYPE "public"."question_type" ADD VALUE 'numeric';--> statement-breakpoint
ALTER TABLE "practice_questions" ADD COLUMN "answer_number" double precision;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD COLUMN "answer_tolerance" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD COLUMN "min_words" smallint;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD COLUMN "max_words" smallint;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_numeric" CHECK ("practice_questions"."answer_tolerance" >= 0 and ("practice_questions"."type"::text <> 'numeric' or "practice_questions"."answer_number" is not null));--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_words" CHECK (("practice_questions"."min_words" is null or "practice_questions"."min_words" > 0) and ("practice_questions"."max_words" is null or "practice_questions"."max_words" >= coalesce("practice_questions"."min_words", 1)));
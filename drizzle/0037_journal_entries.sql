ALTER TYPE "public"."question_type" ADD VALUE 'journal';--> statement-breakpoint
ALTER TABLE "practice_questions" ADD COLUMN "journal_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_journal" CHECK ("practice_questions"."type"::text <> 'journal' or jsonb_array_length("practice_questions"."journal_lines") >= 2);
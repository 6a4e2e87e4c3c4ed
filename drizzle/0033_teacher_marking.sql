ALTER TABLE "practice_answers" ADD COLUMN "marked_by" text;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD COLUMN "teacher_comment" text;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_answers_unmarked_idx" ON "practice_answers" USING btree ("attempt_id") WHERE "practice_answers"."marked_at" is null and "practice_answers"."text" is not null;
DROP INDEX "practice_attempts_one_open_idx";--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "video_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "test_product_id" integer;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD COLUMN "chapter_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_test_product_id_practice_tests_product_id_fk" FOREIGN KEY ("test_product_id") REFERENCES "public"."practice_tests"("product_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_chapter_id_practice_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."practice_chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_test_idx" ON "lessons" USING btree ("test_product_id");--> statement-breakpoint
CREATE INDEX "lessons_test_course_idx" ON "lessons" USING btree ("product_id") WHERE "lessons"."test_product_id" is not null;--> statement-breakpoint
CREATE INDEX "practice_questions_created_idx" ON "practice_questions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_one_open_idx" ON "practice_attempts" USING btree ("user_id","product_id",coalesce("chapter_id", 0)) WHERE "practice_attempts"."submitted_at" is null;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_or_test" CHECK (("lessons"."video_url" is null) <> ("lessons"."test_product_id" is null));--> statement-breakpoint
-- What a user owns (app/features/learning/access.server.ts ownedProductsSql): their live enrolments, and
-- the practice tests that lessons of their courses (not drafts) open. PL/pgSQL so that each connection
-- plans the query once: /api/me asks it on every signed-in page view.
CREATE OR REPLACE FUNCTION owned_product_ids(uid text) RETURNS SETOF integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT e.product_id FROM enrolments e WHERE e.user_id = uid AND e.revoked_at IS NULL
    UNION ALL
    SELECT l.test_product_id FROM lessons l
      JOIN enrolments e ON e.product_id = l.product_id AND e.user_id = uid AND e.revoked_at IS NULL
      JOIN products c ON c.id = l.product_id AND c.status <> 'draft'
     WHERE l.test_product_id IS NOT NULL;
END
$$;

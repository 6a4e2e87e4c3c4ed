DROP INDEX "practice_attempts_one_open_idx";--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "video_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "test_product_id" integer;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD COLUMN "chapter_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_test_product_id_practice_tests_product_id_fk" FOREIGN KEY ("test_product_id") REFERENCES "public"."practice_tests"("product_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_chapter_id_practice_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."practice_chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_test_idx" ON "lessons" USING btree ("test_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_one_open_idx" ON "practice_attempts" USING btree ("user_id","product_id",coalesce("chapter_id", 0)) WHERE "practice_attempts"."submitted_at" is null;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_or_test" CHECK (("lessons"."video_url" is null) <> ("lessons"."test_product_id" is null));
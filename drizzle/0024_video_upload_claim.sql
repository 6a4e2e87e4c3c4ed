ALTER TABLE "lesson_videos" ADD COLUMN "upload_writer" text;--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD COLUMN "upload_claimed_at" timestamp with time zone;
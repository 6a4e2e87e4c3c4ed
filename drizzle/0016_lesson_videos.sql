CREATE TABLE "lesson_videos" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"source_key" text,
	"source_bytes" bigint,
	"source_name" text,
	"hls_prefix" text,
	"key_hex" text,
	"renditions" jsonb,
	"duration_seconds" integer,
	"poster_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_videos_status" CHECK ("lesson_videos"."status" in ('uploading', 'queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "lesson_videos_progress" CHECK ("lesson_videos"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "video_positions" (
	"user_id" text NOT NULL,
	"lesson_id" integer NOT NULL,
	"position_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_positions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD CONSTRAINT "lesson_videos_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_positions_lesson_idx" ON "video_positions" USING btree ("lesson_id");
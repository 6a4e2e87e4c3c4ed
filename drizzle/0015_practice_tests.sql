CREATE TYPE "public"."question_difficulty" AS ENUM('easy', 'medium', 'hard');--> statement-breakpoint
CREATE TYPE "public"."question_type" AS ENUM('mcq', 'assertion_reason', 'case_based', 'short_answer', 'long_answer');--> statement-breakpoint
ALTER TYPE "public"."product_kind" ADD VALUE 'test';--> statement-breakpoint
CREATE TABLE "practice_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"choice" smallint,
	"text" text,
	"marked_for_review" boolean DEFAULT false NOT NULL,
	"awarded_centi" integer,
	"correct" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "practice_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"question_ids" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"auto_submitted" boolean DEFAULT false NOT NULL,
	"score_centi" integer,
	"max_marks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" "subject" NOT NULL,
	"class_level" "class_level" NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_chapters_class" CHECK ("practice_chapters"."class_level" in ('11', '12'))
);
--> statement-breakpoint
CREATE TABLE "practice_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chapter_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"type" "question_type" NOT NULL,
	"prompt" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_option" smallint,
	"model_answer" text,
	"marking_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marks" smallint NOT NULL,
	"difficulty" "question_difficulty" DEFAULT 'medium' NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_questions_marks" CHECK ("practice_questions"."marks" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "practice_test_questions" (
	"product_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "practice_test_questions_product_id_question_id_pk" PRIMARY KEY("product_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "practice_tests" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"time_limit_minutes" integer DEFAULT 60 NOT NULL,
	"negative_percent" smallint DEFAULT 0 NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_tests_time" CHECK ("practice_tests"."time_limit_minutes" between 1 and 600),
	CONSTRAINT "practice_tests_negative" CHECK ("practice_tests"."negative_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_attempt_id_practice_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."practice_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_question_id_practice_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."practice_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_chapter_id_practice_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."practice_chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_questions" ADD CONSTRAINT "practice_questions_parent_id_practice_questions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."practice_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_test_questions" ADD CONSTRAINT "practice_test_questions_product_id_practice_tests_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."practice_tests"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_test_questions" ADD CONSTRAINT "practice_test_questions_question_id_practice_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."practice_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tests" ADD CONSTRAINT "practice_tests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_answers_question_idx" ON "practice_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "practice_attempts_user_idx" ON "practice_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "practice_attempts_product_idx" ON "practice_attempts" USING btree ("product_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_one_open_idx" ON "practice_attempts" USING btree ("user_id","product_id") WHERE "practice_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_chapters_title_idx" ON "practice_chapters" USING btree ("subject","class_level","title");--> statement-breakpoint
CREATE INDEX "practice_questions_chapter_idx" ON "practice_questions" USING btree ("chapter_id","type","difficulty");--> statement-breakpoint
CREATE INDEX "practice_questions_parent_idx" ON "practice_questions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "practice_test_questions_q_idx" ON "practice_test_questions" USING btree ("question_id");
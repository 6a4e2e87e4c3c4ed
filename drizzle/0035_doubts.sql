CREATE TYPE "public"."doubt_status" AS ENUM('open', 'answered');--> statement-breakpoint
CREATE TABLE "doubts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doubts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"lesson_id" integer,
	"practice_question_id" integer,
	"body" text NOT NULL,
	"photo_key" text,
	"status" "doubt_status" DEFAULT 'open' NOT NULL,
	"hidden_at" timestamp with time zone,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doubts_one_place" CHECK (("doubts"."lesson_id" is null) <> ("doubts"."practice_question_id" is null)),
	CONSTRAINT "doubts_body_length" CHECK (char_length("doubts"."body") between 10 and 2000),
	CONSTRAINT "doubts_answer_length" CHECK (char_length("doubts"."answer") <= 4000),
	CONSTRAINT "doubts_answered" CHECK (("doubts"."status" = 'open' and "doubts"."answer" is null) or ("doubts"."status" = 'answered' and "doubts"."answer" is not null and "doubts"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_practice_question_id_practice_questions_id_fk" FOREIGN KEY ("practice_question_id") REFERENCES "public"."practice_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doubts" ADD CONSTRAINT "doubts_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doubts_status_created_idx" ON "doubts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "doubts_lesson_idx" ON "doubts" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_question_idx" ON "doubts" USING btree ("practice_question_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_product_idx" ON "doubts" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_user_created_idx" ON "doubts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "doubts_answered_by_idx" ON "doubts" USING btree ("answered_by");--> statement-breakpoint
CREATE INDEX "doubts_body_trgm_idx" ON "doubts" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "doubts_answer_trgm_idx" ON "doubts" USING gin ("answer" gin_trgm_ops);
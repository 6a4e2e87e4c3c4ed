CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "learner_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"first_free_at" timestamp with time zone,
	"first_paid_at" timestamp with time zone,
	"live_enrolments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stats" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"live_enrolments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_metric_day_pk" PRIMARY KEY("metric","day")
);
--> statement-breakpoint
CREATE TABLE "stats_totals" (
	"metric" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stats" ADD CONSTRAINT "product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_stats_first_free_idx" ON "learner_stats" USING btree ("first_free_at");--> statement-breakpoint
CREATE INDEX "enrolments_user_id_idx" ON "enrolments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
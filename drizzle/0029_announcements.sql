CREATE TABLE "announcement_emails" (
	"announcement_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"outbox_id" integer,
	CONSTRAINT "announcement_emails_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audience" text NOT NULL,
	"product_id" integer,
	"class_level" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "announcements_audience" CHECK (("announcements"."audience" = 'course' and "announcements"."product_id" is not null and "announcements"."class_level" is null)
        or ("announcements"."audience" = 'class' and "announcements"."class_level" in ('11', '12') and "announcements"."product_id" is null)
        or ("announcements"."audience" = 'everyone' and "announcements"."product_id" is null and "announcements"."class_level" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "announcement_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_emails" ADD CONSTRAINT "announcement_emails_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_emails" ADD CONSTRAINT "announcement_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_emails" ADD CONSTRAINT "announcement_emails_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_emails_user_id_idx" ON "announcement_emails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcement_emails_outbox_id_idx" ON "announcement_emails" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "announcement_emails_pending_idx" ON "announcement_emails" USING btree ("announcement_id") WHERE "announcement_emails"."done_at" is null;--> statement-breakpoint
CREATE INDEX "announcements_created_at_idx" ON "announcements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "announcements_product_id_idx" ON "announcements" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "announcements_created_by_idx" ON "announcements" USING btree ("created_by");
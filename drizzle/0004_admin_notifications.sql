CREATE TABLE "admin_notification_reads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"read_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_notification_reads" ADD CONSTRAINT "admin_notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
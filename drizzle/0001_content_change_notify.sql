-- Every write to public content bumps a shared version and notifies listeners, so
-- each app instance drops its anonymous page cache at once (and polls as a fallback).
INSERT INTO "app_meta" ("key", "value") VALUES ('content_version', '1') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "app_meta" SET "value" = (("value")::bigint + 1)::text, "updated_at" = now() WHERE "key" = 'content_version';
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER instructors_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructors" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER banners_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER testimonials_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER toppers_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "toppers" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER subject_services_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subject_services" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER course_highlights_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_highlights" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER settings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();

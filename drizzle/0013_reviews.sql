CREATE TYPE "public"."review_status" AS ENUM('visible', 'hidden');--> statement-breakpoint
CREATE TABLE "product_ratings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"review_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text,
	"body" text,
	"reviewer_class" text,
	"status" "review_status" DEFAULT 'visible' NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"owner_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_title_length" CHECK (char_length("reviews"."title") <= 100),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") <= 2000),
	CONSTRAINT "reviews_reviewer_class" CHECK ("reviews"."reviewer_class" in ('11', '12'))
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_rating_range";--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_user_idx" ON "review_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_reports_created_at_idx" ON "review_reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_product_idx" ON "reviews" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rating";--> statement-breakpoint
-- hand-written:
-- Ratings from reviews (issue 22). product_ratings holds, per item, the count, the sum and the
-- 5-to-1 breakdown of its counted reviews (visible, and the author still holds a live enrolment);
-- row triggers keep it exact in the same transaction as every write to reviews, like the sales
-- rollups of 0006. A refund (enrolment revoked) or a new grant updates the author's review's
-- owner_active, which moves the figures through the same trigger. Every write to reviews bumps
-- the content version, so each instance drops its anonymous page cache.
CREATE OR REPLACE FUNCTION review_rating_apply(r reviews, s int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF r.status <> 'visible' OR NOT r.owner_active THEN RETURN; END IF;
  IF s < 0 THEN
    UPDATE product_ratings SET review_count = review_count - 1, rating_sum = rating_sum - r.rating,
      stars_1 = stars_1 - (r.rating = 1)::int, stars_2 = stars_2 - (r.rating = 2)::int,
      stars_3 = stars_3 - (r.rating = 3)::int, stars_4 = stars_4 - (r.rating = 4)::int,
      stars_5 = stars_5 - (r.rating = 5)::int
    WHERE product_id = r.product_id;
  ELSE
    INSERT INTO product_ratings (product_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5)
    VALUES (r.product_id, 1, r.rating, (r.rating = 1)::int, (r.rating = 2)::int, (r.rating = 3)::int,
      (r.rating = 4)::int, (r.rating = 5)::int)
    ON CONFLICT (product_id) DO UPDATE SET review_count = product_ratings.review_count + 1,
      rating_sum = product_ratings.rating_sum + excluded.rating_sum,
      stars_1 = product_ratings.stars_1 + excluded.stars_1, stars_2 = product_ratings.stars_2 + excluded.stars_2,
      stars_3 = product_ratings.stars_3 + excluded.stars_3, stars_4 = product_ratings.stars_4 + excluded.stars_4,
      stars_5 = product_ratings.stars_5 + excluded.stars_5;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_rating_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM review_rating_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM review_rating_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating AFTER INSERT OR DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_rating_trigger();
--> statement-breakpoint
CREATE TRIGGER reviews_rating_update AFTER UPDATE OF product_id, rating, status, owner_active ON reviews
FOR EACH ROW WHEN ((OLD.product_id, OLD.rating, OLD.status, OLD.owner_active) IS DISTINCT FROM (NEW.product_id, NEW.rating, NEW.status, NEW.owner_active))
EXECUTE FUNCTION reviews_rating_trigger();
--> statement-breakpoint
-- The author's review counts only while they hold a live enrolment of the item. Checked first, so an
-- enrolment without a review (every checkout) touches no review and keeps the page cache.
CREATE OR REPLACE FUNCTION review_owner_refresh(uid text, pid int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE live boolean;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM reviews WHERE user_id = uid AND product_id = pid) THEN RETURN; END IF;
  live := EXISTS (SELECT 1 FROM enrolments WHERE user_id = uid AND product_id = pid AND revoked_at IS NULL);
  UPDATE reviews SET owner_active = live WHERE user_id = uid AND product_id = pid AND owner_active <> live;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrolments_review_owner_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM review_owner_refresh(OLD.user_id, OLD.product_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.user_id, NEW.product_id) IS DISTINCT FROM (OLD.user_id, OLD.product_id)) THEN
    PERFORM review_owner_refresh(NEW.user_id, NEW.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrolments_review_owner AFTER INSERT OR DELETE ON enrolments FOR EACH ROW EXECUTE FUNCTION enrolments_review_owner_trigger();
--> statement-breakpoint
CREATE TRIGGER enrolments_review_owner_update AFTER UPDATE OF user_id, product_id, revoked_at ON enrolments
FOR EACH ROW WHEN ((OLD.user_id, OLD.product_id, OLD.revoked_at) IS DISTINCT FROM (NEW.user_id, NEW.product_id, NEW.revoked_at))
EXECUTE FUNCTION enrolments_review_owner_trigger();
--> statement-breakpoint
-- BEFORE the statement: every write to reviews takes the content version's row lock before any
-- product_ratings row, always in that order, so two transactions touching several items (a refund of
-- an order with two reviewed items, a review written meanwhile) cannot deadlock on the two.
CREATE TRIGGER reviews_content_changed BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
